import path from 'node:path'
import { z } from 'zod'
import type { BlockList } from 'node:net'
import { parseAddressList, parseTrustProxy, type TrustProxy } from '#server/http/client-address.ts'
import type { Delivery } from '#contracts/pricing.ts'
import { DEFAULT_RETURN_DAYS } from '#contracts/requests.ts'
import {
  COURIERS,
  DEFAULT_TRACKING_TEMPLATES,
  TRACKING_NUMBER,
  isCourier,
  type TrackingTemplates,
} from '#contracts/couriers.ts'

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

const positiveInt = z.coerce.number().int().positive()

/** A key that signs links in emails: long, and without spaces or commas (LINK_SECRET_PREVIOUS lists keys by commas). */
const LINK_KEY = /^[^\s,]{32,}$/
const LINK_KEY_RULE = 'at least 32 characters without spaces or commas (openssl rand -base64 48 makes one)'
/** In LINK_SECRET_PREVIOUS: the key the first migration stored in the database (docs/decisions/018). */
const STORED_LINK_KEY = 'stored'

/**
 * COURIER_TRACKING_URLS: a JSON object from a courier's name to its tracking address with
 * {number} in it, or "" for none, over the defaults of contracts/couriers.ts.
 */
const trackingTemplates = z.string().transform((v, ctx): Partial<TrackingTemplates> => {
  const rule = `COURIER_TRACKING_URLS is a JSON object such as {"TCS": "https://…${TRACKING_NUMBER}"}, its names from: ${COURIERS.join(', ')}; an address is https with ${TRACKING_NUMBER} in it, or "" for none`
  let value: unknown
  try {
    value = JSON.parse(v)
  } catch {
    ctx.addIssue({ code: 'custom', message: rule })
    return z.NEVER
  }
  const ok =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(
      ([name, url]) =>
        isCourier(name) &&
        typeof url === 'string' &&
        (url === '' || (/^https:\/\/[^\s]+$/.test(url) && url.includes(TRACKING_NUMBER))),
    )
  if (!ok) {
    ctx.addIssue({ code: 'custom', message: rule })
    return z.NEVER
  }
  return Object.fromEntries(
    Object.entries(value as Record<string, string>).map(([name, url]) => [name, url === '' ? null : url]),
  )
})

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  SEED_DEMO: flag.default(true),
  PUBLIC_URL: z.url().optional(),
  STORE_NAME: z.string().min(1).default('Kapra'),
  STORE_WHATSAPP: z
    .string()
    .regex(/^\d{8,15}$/, 'STORE_WHATSAPP is the number in international form, digits only')
    .default('923001234567'),
  STORE_PHONE: z.string().min(1).default('+92 300 1234567'),
  STORE_EMAIL: z.email().default('hello@kapra.pk'),
  STORE_ADDRESS: z.string().min(1).default('Plot 14, Block 5, Clifton, Karachi 75600, Pakistan'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  SESSION_DAYS: positiveInt.default(30),
  ADMIN_IDLE_MINUTES: positiveInt.default(60),
  ADMIN_TWO_FACTOR: z.enum(['optional', 'required']).default('optional'),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v)
      if (trust === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: 'TRUST_PROXY is 0, 1, a number of proxy hops, or a comma list of proxy addresses and ranges',
        })
        return z.NEVER
      }
      return trust
    }),
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .transform((v, ctx) => {
      const list = parseAddressList(v)
      if (list === undefined) {
        ctx.addIssue({ code: 'custom', message: 'METRICS_ALLOW is a comma list of addresses and ranges' })
        return z.NEVER
      }
      return list
    }),
  LOGIN_LIMIT_PER_ACCOUNT: positiveInt.default(10),
  LOGIN_LIMIT_PER_IP: positiveInt.default(50),
  LOGIN_LIMIT_WINDOW_MINUTES: positiveInt.default(15),
  REGISTRATION_LIMIT_PER_IP: z.coerce
    .number()
    .int()
    .min(20, 'REGISTRATION_LIMIT_PER_IP must allow at least 20 accounts an hour')
    .default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  NEWSLETTER_CODE: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_-]*$/,
      'NEWSLETTER_CODE is letters, digits and dashes: the prefix of each subscriber code',
    )
    .default('WELCOME20'),
  COURIER_TRACKING_URLS: trackingTemplates.optional(),
  DELIVERY_FEE: z.coerce.number().int().min(0).max(100_000).default(50),
  FREE_DELIVERY_OVER: z.coerce.number().int().min(1).max(100_000_000).optional(),
  PASSWORD_RESET_LIMIT_PER_EMAIL: positiveInt.default(5),
  PASSWORD_RESET_LIMIT_PER_IP: positiveInt.default(20),
  OPEN_ORDERS_PER_CUSTOMER: positiveInt.default(3),
  ORDER_LIMIT_PER_ACCOUNT: positiveInt.default(10),
  ORDER_LIMIT_PER_IP: positiveInt.default(30),
  UNCONFIRMED_ORDER_HOURS: positiveInt.default(48),
  TRACK_LIMIT_PER_IP: positiveInt.default(30),
  COD_REVIEW_OVER: positiveInt.optional(),
  RETURN_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_RETURN_DAYS),
  BODY_LIMIT_BYTES: positiveInt.default(64 * 1024),
  /** Guests' pages kept rendered, in MB (docs/decisions/029); 0 turns the cache off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  ADMIT_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(64),
  ADMIT_MAX_LAG_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  ADMIT_TEST_HEADER: flag.default(false),
  /** Pages drawn at once by one process; the rest wait for a turn (docs/decisions/032). Default: 1 on SQLite, 4 on PostgreSQL. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  /** Products whose pages the process asks itself for as it starts, with home and the collection (docs/decisions/044); 0: none. */
  WARM_UP_PRODUCTS: z.coerce.number().int().min(0).max(100).default(8),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  LINK_SECRET: z.string().regex(LINK_KEY, `LINK_SECRET must be ${LINK_KEY_RULE}`).optional(),
  LINK_SECRET_PREVIOUS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    )
    .refine((keys) => keys.every((k) => k === STORED_LINK_KEY || LINK_KEY.test(k)), {
      message: `LINK_SECRET_PREVIOUS is a comma list of earlier keys, each ${LINK_KEY_RULE}, or the word ${STORED_LINK_KEY} for the key in the database`,
    })
    .optional(),
})

export type Env = z.infer<typeof envSchema>

export interface Config {
  env: Env['NODE_ENV']
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  seedDemo: boolean
  publicUrl: string | undefined
  store: { name: string; whatsapp: string; phone: string; email: string; address: string }
  google: { clientId: string | undefined; jwksUrl: string }
  cookieSecure: Env['COOKIE_SECURE']
  sessionDays: number
  /** An admin's session ends after this long without a console request (docs/decisions/019). */
  adminIdleMs: number
  /** `required`: an admin without two-factor sign-in reaches only the console's Security page (docs/decisions/015). */
  adminTwoFactor: Env['ADMIN_TWO_FACTOR']
  /** Who may set X-Forwarded-For and -Proto; null trusts no proxy. */
  trustProxy: TrustProxy | null
  /** Who may read /metrics (METRICS_ALLOW), by client address. */
  metricsAllow: BlockList
  rateLimits: {
    loginPerAccount: number
    loginPerIp: number
    loginWindowMs: number
    registrationPerIp: number
    registrationWindowMs: number
    passwordResetPerEmail: number
    passwordResetPerIp: number
    passwordResetWindowMs: number
  }
  /** Against stock hoarded with cash-on-delivery orders nobody confirms (docs/decisions/017). */
  orders: {
    /** Orders still Order Placed one account, and one phone number, may have at once. */
    openPerCustomer: number
    /** Orders placed an hour, per account and per client address. */
    perAccountPerHour: number
    perIpPerHour: number
    /** An order still Order Placed this long after it was placed is cancelled by the store. */
    unconfirmedMs: number
    /** /track's lookups that match no order, an hour per client address. */
    trackPerIpPerHour: number
    /** A new order over this many rupees waits in "Needs attention"; null: none does for its amount. */
    codReviewOver: number | null
    /** Days after delivery a shopper may ask for an exchange or a return (docs/decisions/036). */
    returnDays: number
  }
  mail: {
    /** Unset: messages are kept (development, tests) or logged (production), never sent. */
    smtpUrl: string | undefined
    /** The From header: MAIL_FROM, else the store's name and email. */
    from: string
    /** Where links in emails point: PUBLIC_URL, else http://localhost:PORT. */
    baseUrl: string
    /** The prefix of each subscriber's own 20%-off code (docs/decisions/026). */
    newsletterCode: string
  }
  /** The keys of links in emails (docs/decisions/018). */
  links: {
    /** LINK_SECRET: signs links; unset, the key in store_secrets signs them. */
    secret: string | undefined
    /** LINK_SECRET_PREVIOUS without the word `stored`: keys that no longer sign but still verify. */
    previous: string[]
    /** Whether the key in store_secrets verifies (and signs, without LINK_SECRET): unset LINK_SECRET, or `stored` listed. */
    stored: boolean
  }
  /** DELIVERY_FEE and FREE_DELIVERY_OVER (unset: never free) (docs/decisions/026). */
  delivery: Delivery
  /** Each courier's public tracking address (contracts/couriers.ts), COURIER_TRACKING_URLS over the defaults. */
  trackingTemplates: TrackingTemplates
  bodyLimitBytes: number
  /** PAGE_CACHE_MB in bytes: guests' rendered pages kept in memory (0: none) (docs/decisions/029). */
  pageCacheBytes: number
  logLevel: Env['LOG_LEVEL']
  /** The line on a sale night (docs/decisions/030): past these, a newcomer waits. */
  admission: {
    /** Requests in flight on this instance; 0 turns the line off. */
    maxInFlight: number
    /** The event loop's delay in ms (the mean of the last second); 0 leaves it out. */
    maxLagMs: number
    /** The browser tests' switch: a request with `X-Kapra-Line: full` is answered as if the store were full. */
    testHeader: boolean
    /** Pages drawn at once; the others wait their turn, counted in flight (server/http/turns.ts). Default: by database. */
    renderConcurrency: number | undefined
  }
  /** Shared rate limits and catalog changes across instances (docs/decisions/013). */
  redisUrl: string | undefined
  /** WARM_UP_PRODUCTS: the products whose pages a starting process draws for itself (server/http/warm-up.ts). */
  warmUpProducts: number
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the process with every problem named. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')),
  )
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    publicUrl: e.PUBLIC_URL,
    store: {
      name: e.STORE_NAME,
      whatsapp: e.STORE_WHATSAPP,
      phone: e.STORE_PHONE,
      email: e.STORE_EMAIL,
      address: e.STORE_ADDRESS,
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    cookieSecure: e.COOKIE_SECURE,
    sessionDays: e.SESSION_DAYS,
    adminIdleMs: e.ADMIN_IDLE_MINUTES * 60_000,
    adminTwoFactor: e.ADMIN_TWO_FACTOR,
    trustProxy: e.TRUST_PROXY,
    metricsAllow: e.METRICS_ALLOW,
    rateLimits: {
      loginPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
      loginPerIp: e.LOGIN_LIMIT_PER_IP,
      loginWindowMs: e.LOGIN_LIMIT_WINDOW_MINUTES * 60_000,
      registrationPerIp: e.REGISTRATION_LIMIT_PER_IP,
      registrationWindowMs: 60 * 60_000,
      passwordResetPerEmail: e.PASSWORD_RESET_LIMIT_PER_EMAIL,
      passwordResetPerIp: e.PASSWORD_RESET_LIMIT_PER_IP,
      passwordResetWindowMs: 60 * 60_000,
    },
    orders: {
      openPerCustomer: e.OPEN_ORDERS_PER_CUSTOMER,
      perAccountPerHour: e.ORDER_LIMIT_PER_ACCOUNT,
      perIpPerHour: e.ORDER_LIMIT_PER_IP,
      unconfirmedMs: e.UNCONFIRMED_ORDER_HOURS * 60 * 60_000,
      trackPerIpPerHour: e.TRACK_LIMIT_PER_IP,
      codReviewOver: e.COD_REVIEW_OVER ?? null,
      returnDays: e.RETURN_DAYS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${e.STORE_NAME.replace(/["\\]/g, '')}" <${e.STORE_EMAIL}>`,
      newsletterCode: e.NEWSLETTER_CODE,
      baseUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    },
    links: {
      secret: e.LINK_SECRET,
      previous: (e.LINK_SECRET_PREVIOUS ?? []).filter((k) => k !== STORED_LINK_KEY),
      stored: !e.LINK_SECRET || (e.LINK_SECRET_PREVIOUS ?? []).includes(STORED_LINK_KEY),
    },
    delivery: { fee: e.DELIVERY_FEE, freeOver: e.FREE_DELIVERY_OVER ?? null },
    trackingTemplates: { ...DEFAULT_TRACKING_TEMPLATES, ...e.COURIER_TRACKING_URLS },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL,
    admission: {
      maxInFlight: e.ADMIT_MAX_IN_FLIGHT,
      maxLagMs: e.ADMIT_MAX_LAG_MS,
      testHeader: e.ADMIT_TEST_HEADER,
      renderConcurrency: e.RENDER_CONCURRENCY,
    },
    redisUrl: e.REDIS_URL,
    warmUpProducts: e.WARM_UP_PRODUCTS,
  }
}
