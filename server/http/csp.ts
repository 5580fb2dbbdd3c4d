import { randomBytes } from 'node:crypto'
import { secureHeaders, type ContentSecurityPolicyOptionHandler } from 'hono/secure-headers'
import { GOOGLE_SIGN_IN_PAGES } from '#contracts/auth.ts'
import type { Config } from '#server/config.ts'

// The pages' Content-Security-Policy and the other security headers: strict everywhere,
// widened by exactly what Google documents on the two pages with its button (README,
// "Google sign-in"). Each response's script nonce comes from NONCE below.

/**
 * What Google Identity Services needs for its button (Google's documented policy):
 * the script, its iframe and requests under /gsi/, and its stylesheet.
 */
const GOOGLE_GSI = {
  script: 'https://accounts.google.com/gsi/client',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
  style: 'https://accounts.google.com/gsi/style',
}

/** The pages that show Google's button; matched as React Router does. */
export function isGoogleSignInPage(path: string): boolean {
  return (GOOGLE_SIGN_IN_PAGES as readonly string[]).includes(path.toLowerCase().replace(/\/+$/, ''))
}

/** A store whose public address is https: its cookie is always Secure and every answer asks for HSTS. */
export function servesHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl?.toLowerCase().startsWith('https://') === true
}

/**
 * Strict-Transport-Security for a store served over https (PUBLIC_URL, or COOKIE_SECURE=always):
 * a year, for this host only (a subdomain of the owner's may not be on https).
 */
export const HSTS = 'max-age=31536000'

/** Features no page of the store uses: denied to it and to anything it might frame. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()'

/** Random bytes for nonces, drawn from the CSPRNG 4 KB at a time; each byte is given once. */
let pool = Buffer.alloc(0)
let used = 0

/** 128 random bits, base64: a nonce (CSP3 asks for 128 bits or more). */
export function newNonce(): string {
  if (used + 16 > pool.length) {
    pool = randomBytes(4096)
    used = 0
  }
  used += 16
  return pool.toString('base64', used - 16, used)
}

/**
 * A response's script nonce, kept where Hono's own NONCE keeps it (`secureHeadersNonce`).
 * Hono's asks `crypto.getRandomValues` for each response: 1.2% of a signed-in My Orders
 * page's time (docs/decisions/040). A pool, as Node's `randomUUID` keeps one.
 */
const NONCE: ContentSecurityPolicyOptionHandler = (c) => {
  let nonce = c.get('secureHeadersNonce') as string | undefined
  if (nonce === undefined) {
    nonce = newNonce()
    c.set('secureHeadersNonce', nonce)
  }
  return `'nonce-${nonce}'`
}

/** The Content-Security-Policy's directives; `scripts` are the inline scripts' sources (the nonce, or hashes). */
function policyDirectives<Source>(development: boolean, google: boolean, scripts: Source[]) {
  const allow = (...sources: string[]) => (google ? sources : [])
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      ...(development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...scripts]),
      ...allow(GOOGLE_GSI.script),
    ] as (string | Source)[],
    styleSrc: ["'self'", "'unsafe-inline'", ...allow(GOOGLE_GSI.style)],
    imgSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'"],
    fontSrc: ["'self'"],
    connectSrc: [...(development ? ["'self'", 'ws:'] : ["'self'"]), ...allow(GOOGLE_GSI.connect)],
    ...(google ? { frameSrc: ["'self'", GOOGLE_GSI.frame] } : {}),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  }
}

/**
 * The strict policy of a page kept for every guest (server/page-cache.ts): the same
 * directives, with each inline script allowed by its SHA-256 instead of a per-request nonce,
 * which a page served to many cannot carry (docs/decisions/029).
 */
export function hashedPolicy(scriptHashes: string[]): string {
  return Object.entries<string[]>(
    policyDirectives(
      false,
      false,
      scriptHashes.map((h) => `'sha256-${h}'`),
    ),
  )
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (l) => `-${l.toLowerCase()}`)} ${sources.join(' ')}`)
    .join('; ')
}

/**
 * The security headers of every answer (pages, API, files, images, errors): app.ts applies them
 * first. An answer that brings its own policy (a kept page's, with hashes) keeps it.
 */
export function pageSecurityHeaders(development: boolean, hsts: boolean, google: boolean) {
  return secureHeaders({
    contentSecurityPolicy: policyDirectives(development, google, [NONCE]),
    overwrite: false,
    // Google's button may open its sign-in popup (browsers without FedCM); the popup
    // reports back to this window, which 'same-origin' would cut off.
    crossOriginOpenerPolicy: google ? 'same-origin-allow-popups' : true,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: hsts ? HSTS : false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  })
}
