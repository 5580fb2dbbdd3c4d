import { readdirSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { getConnInfo } from '@hono/node-server/conninfo'
import { serveStatic } from '@hono/node-server/serve-static'
import { ping } from '#server/db/database.ts'
import { AppError, databaseUnavailable } from '#server/http/errors.ts'
import { isDatabaseUnavailable } from '#server/db/unavailable.ts'
import { errorFields } from '#server/http/logger.ts'
import { jsonBodiesOnly, plainPaths, sameOriginWrites } from '#server/http/middleware.ts'
import { isGoogleSignInPage, pageSecurityHeaders, servesHttps } from '#server/http/csp.ts'
import type { AppEnv } from '#server/http/env.ts'
import { apiCaching } from '#server/http/caching.ts'
import { clientAddressOf, clientProtocolOf, type TrustProxy } from '#server/http/client-address.ts'
import type { Services } from '#server/services.ts'
import { loadSession } from '#server/auth/session.ts'
import { authRoutes, userRoutes } from '#server/auth/routes.ts'
import { productRoutes, productsRoutes } from '#server/catalog/routes.ts'
import { cartRoutes } from '#server/cart/routes.ts'
import { orderRoutes } from '#server/orders/routes.ts'
import { newsletterRoutes } from '#server/newsletter/routes.ts'
import { adminRoutes } from '#server/admin/routes.ts'
import { MAX_IMPORT_CSV_BYTES, MAX_IMPORT_ZIP_BYTES } from '#server/admin/catalog-io.ts'
import { accountRoutes } from '#server/account/routes.ts'
import { alertRoutes } from '#server/alerts/routes.ts'
import { adminReviewRoutes, productReviewRoutes, reviewRoutes } from '#server/reviews/routes.ts'
import { wishlistRoutes } from '#server/wishlist/routes.ts'
import { REVIEW_PHOTOS_MAX } from '#contracts/reviews.ts'
import { devMailRoutes } from '#server/mail/routes.ts'
import { seoRoutes } from '#server/seo/routes.ts'
import { openApiRoutes } from '#server/openapi/routes.ts'
import { countRequests, metricsRoutes } from '#server/metrics/routes.ts'
import { turns } from '#server/http/turns.ts'
import { admission, type AdmissionHooks } from '#server/http/admission.ts'
import { SESSION_COOKIE } from '#server/auth/cookies.ts'
import { isProductImageName, PRODUCT_IMAGE_PREFIX, productImageDir } from '#server/catalog/images.ts'
import { DEFAULT_MAX_PHOTO_BYTES, uploadedImageDir } from '#server/catalog/photos.ts'

export interface AppOptions {
  services: Services
  /** Built storefront assets (build/client); absent when only the API runs. */
  clientDir?: string
  /** The React Router request handler for every page. */
  pages?: (c: Context<AppEnv>) => Promise<Response>
  /** Extra script origins the Content-Security-Policy allows (Vite's dev server). */
  development?: boolean
  /** The line's load and clock, for tests (docs/decisions/030). */
  admission?: AdmissionHooks
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

export function createApp(options: AppOptions) {
  const { services } = options
  const { config, logger } = services
  const app = new Hono<AppEnv>()

  app.use(async (c, next) => {
    const started = performance.now()
    c.set('services', services)
    c.set('requestId', requestIdOf(c.req.header('x-request-id')))
    const client = clientOf(c, config.trustProxy)
    c.set('clientAddress', client.address)
    c.set('clientProtocol', client.protocol)
    c.set('user', null)
    c.set('twoFactorEnrolled', false)
    c.set('sessionToken', undefined)
    c.set('sessionUnavailable', false)
    await next()
    // The client can quote it when something went wrong; the log lines carry it.
    c.header('X-Request-Id', c.get('requestId'))
    logger.info('request', {
      id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    })
  })

  // The strict policy for every page; Login and Registration add exactly what Google's
  // sign-in button needs, and only when Google sign-in is configured (docs/spec/rulings.md #7).
  const hsts = servesHttps(config) || config.cookieSecure === 'always'
  const strictHeaders = pageSecurityHeaders(options.development === true, hsts, false)
  const googleHeaders = config.google.clientId
    ? pageSecurityHeaders(options.development === true, hsts, true)
    : strictHeaders
  app.use((c, next) => (isGoogleSignInPage(c.req.path) ? googleHeaders : strictHeaders)(c, next))

  app.onError((err, c) => {
    if (!(err instanceof AppError) && isDatabaseUnavailable(err)) {
      logger.warn('database unavailable', {
        id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        ...errorFields(err),
      })
      err = databaseUnavailable()
    }
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value)
      return c.json(
        err.fields ? { message: err.message, fields: err.fields } : { message: err.message },
        err.status as 400,
      )
    }
    logger.error('unhandled error', {
      id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      ...errorFields(err),
    })
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500)
  })

  app.use(plainPaths())
  app.use(countRequests())
  // Past what this instance can serve, a newcomer waits in line; before sessions, without the database.
  app.use(
    admission({
      config,
      key: () => services.mail.lineKey(),
      sessionCookie: SESSION_COOKIE,
      clientDir: options.clientDir,
      onWait: (kind) => services.metrics.lineWait(kind),
      log: (message, fields) => logger.warn(message, fields),
      ...options.admission,
    }),
  )

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    return (await ping(services.db)) ? c.json({ status: 'ok' }) : c.json({ status: 'unavailable' }, 503)
  })

  // The development mailbox: what the store would have sent. It does not exist in production.
  if (config.env === 'development') app.route('/dev/mail', devMailRoutes)

  // ---- API --------------------------------------------------------------------
  const api = new Hono<AppEnv>()
  api.use(apiCaching())
  api.use(compress())
  api.use(sameOriginWrites())
  api.use(jsonBodiesOnly((c) => isPhotoUpload(c) || isCatalogImport(c), isPhotoPost))
  // A refused body is left unread: the connection is closed after the answer, or the
  // rest of the body would be read as the client's next request (docs/decisions/013).
  const closeAfter = { headers: { Connection: 'close' } }
  const limitBody = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: () => {
      throw new AppError(413, 'The request body is too large', closeAfter)
    },
  })
  // A product save carries up to four photos of up to 8 MB each (server/catalog/photos.ts) and its JSON.
  const limitUpload = bodyLimit({
    maxSize: 4 * DEFAULT_MAX_PHOTO_BYTES + config.bodyLimitBytes,
    onError: () => {
      throw new AppError(413, 'The request body is too large: four photos of up to 8 MB each at most', closeAfter)
    },
  })
  // A catalog import's upload is written to disk as it arrives, and measured there
  // (server/admin/catalog-io.ts): it is never held in memory, as bodyLimit would hold it.
  // A review, and an exchange or return request, carries up to three photos through the same checks.
  const limitReview = bodyLimit({
    maxSize: REVIEW_PHOTOS_MAX * DEFAULT_MAX_PHOTO_BYTES + config.bodyLimitBytes,
    onError: () => {
      throw new AppError(413, 'The request body is too large: three photos of up to 8 MB each at most', closeAfter)
    },
  })
  api.use((c, next) =>
    isCatalogImport(c)
      ? limitImport(c, next)
      : isPhotoUpload(c)
        ? limitUpload(c, next)
        : isPhotoPost(c)
          ? limitReview(c, next)
          : limitBody(c, next),
  )
  api.use(loadSession())
  api.route('/auth', authRoutes)
  api.route('/user', userRoutes)
  api.route('/user', accountRoutes)
  api.route('/product', productRoutes)
  api.route('/product/notify', alertRoutes)
  api.route('/products', productReviewRoutes)
  api.route('/products', productsRoutes)
  api.route('/reviews', reviewRoutes)
  api.route('/wishlist', wishlistRoutes)
  api.route('/cart', cartRoutes)
  api.route('/order', orderRoutes)
  api.route('/newsletter', newsletterRoutes)
  api.route('/', openApiRoutes)
  // The console's API: behind its own guard (admins only), after every check above.
  api.route('/admin/reviews', adminReviewRoutes)
  api.route('/admin', adminRoutes)
  api.notFound(() => {
    throw new AppError(404, 'Not found')
  })
  app.route('/api', api)
  app.all('/api/*', () => {
    throw new AppError(404, 'Not found')
  })

  // ---- For Prometheus: /metrics, to the addresses METRICS_ALLOW names -----------
  app.route('/', metricsRoutes)

  // ---- For search engines: robots.txt and the sitemap ------------------------
  app.use('/sitemap.xml', compress())
  app.use('/sitemaps/*', compress())
  app.route('/', seoRoutes)

  // ---- Product images: only generated files, the store owner's uploads first ----
  const uploadedDir = uploadedImageDir(config.dataDir)
  app.get(`${PRODUCT_IMAGE_PREFIX}:name`, async (c) => {
    const name = c.req.param('name')
    if (!isProductImageName(name)) throw new AppError(404, 'Not found')
    const read = async () => {
      for (const dir of [uploadedDir, productImageDir]) {
        try {
          return await fs.readFile(path.join(dir, name))
        } catch {
          // Not in this store: the next one.
        }
      }
      return undefined
    }
    let body = await read()
    // An imported photo not encoded yet is encoded for its first viewer (docs/decisions/037).
    const pending = services.catalog.photos.pending
    const key = pending?.keyOf(name)
    if (!body && key) {
      await pending!.encode(key)
      // Encoded here, or by another instance meanwhile.
      body = await read()
    }
    if (!body) throw new AppError(404, 'Not found')
    return c.body(new Uint8Array(body), 200, { 'Content-Type': 'image/webp', 'Cache-Control': IMMUTABLE })
  })

  // ---- Storefront -------------------------------------------------------------
  if (options.clientDir) {
    const root = path.relative(process.cwd(), options.clientDir) || '.'
    app.use('/assets/*', compress(), serveStatic({ root, onFound: (_p, c) => c.header('Cache-Control', IMMUTABLE) }))
    // Only an address under a name at the top of the client folder (favicon.svg, hero/, …)
    // is looked for on disk: a page's address never is one, and a page request no longer
    // asks the disk first (docs/decisions/039).
    const topNames = new Set(readdirSync(options.clientDir))
    const files: MiddlewareHandler<AppEnv> = serveStatic({
      root,
      onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=3600'),
    })
    const onDisk: MiddlewareHandler<AppEnv> = (c, next) =>
      topNames.has(c.req.path.split('/', 2)[1] ?? '') ? files(c, next) : next()
    app.use('*', onDisk)
  }
  if (options.pages) {
    // A few pages drawn at once, the loop going round between (server/http/turns.ts). On
    // SQLite a page's queries run on the loop too: one at a time; PostgreSQL's wait on
    // the network, when another page can go on.
    const drawing = turns(config.admission.renderConcurrency ?? (services.dialect === 'sqlite' ? 1 : 4))
    const draw = options.pages
    const pages = (c: Context<AppEnv>) => drawing.run(() => draw(c))
    // Page forms (login, registration, checkout, logout) get the API's guards too:
    // another site must not post a form that signs a shopper in or out.
    // The console's product form posts its photos to its page (a plain multipart form), and
    // so does the product page's review form.
    app.use(
      '*',
      sameOriginWrites(),
      (c, next) =>
        isCatalogImport(c)
          ? limitImport(c, next)
          : isProductFormPost(c)
            ? limitUpload(c, next)
            : isReviewFormPost(c)
              ? limitReview(c, next)
              : limitBody(c, next),
      loadSession(),
    )
    // A guest's public page is drawn once and answered from memory (docs/decisions/029).
    // (Not in development, where every page is drawn from the sources as they are now.)
    if (!options.development) app.all('*', services.pageCache.middleware(pages))
    app.all('*', compress(), (c) => pages(c))
  }

  return app
}

/** A client's own request id when it is a plain token, else a fresh one. */
function requestIdOf(sent: string | undefined): string {
  return sent !== undefined && /^[\w.:-]{1,64}$/.test(sent) ? sent : crypto.randomUUID()
}

/** The console's product saves (POST /api/admin/products and /api/admin/products/:id): multipart, with photos. */
function isPhotoUpload(c: Context): boolean {
  return c.req.method === 'POST' && /^\/api\/admin\/products(\/[^/]+)?\/?$/.test(c.req.path)
}

/** A catalog import's upload: the API's, and the console's page form (POST /admin/products/import). */
function isCatalogImport(c: Context): boolean {
  return c.req.method === 'POST' && /^\/(api\/admin\/catalog\/import|admin\/products\/import)\/?$/.test(c.req.path)
}

/** A declared length past what an import may carry is refused at once; the rest is counted as it is written. */
const limitImport: MiddlewareHandler = async (c, next) => {
  const length = Number(c.req.header('content-length') ?? '0')
  if (length > MAX_IMPORT_CSV_BYTES + MAX_IMPORT_ZIP_BYTES + 1024 * 1024)
    throw new AppError(413, 'The upload is too large: a CSV of up to 64 MB and a zip of up to 16 GB', {
      headers: { Connection: 'close' },
    })
  await next()
}

/**
 * A shopper's post that may carry photos, JSON or multipart: a review (POST /api/reviews, and
 * by a review link /api/reviews/link), an exchange or return request (POST /api/order/request).
 */
function isPhotoPost(c: Context): boolean {
  return c.req.method === 'POST' && /^\/api\/(reviews(\/link)?|order\/request)\/?$/.test(c.req.path)
}

/** A review form, with its photos: the product page's (/productdetail/:id) and a review link's (/review), in either language. */
function isReviewFormPost(c: Context): boolean {
  return (
    c.req.method === 'POST' &&
    /^(\/ur)?\/(productdetail\/[^/]+|review)\/?$/.test(c.req.path) &&
    /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')
  )
}

/** The console's product form, posted to its page: /admin/products/new or /admin/products/:id. */
function isProductFormPost(c: Context): boolean {
  return c.req.method === 'POST' && /^\/admin\/products\/[^/]+\/?$/.test(c.req.path)
}

/**
 * Who the client is and how it reached the store, read once from the socket and the trusted
 * proxies' headers: the session cookie's Secure flag and the same-origin check both use it.
 */
function clientOf(c: Context<AppEnv>, trustProxy: TrustProxy | null) {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    // app.request() in tests has no socket.
  }
  const forwardedFor = c.req.header('x-forwarded-for')
  const address = clientAddressOf(peer, forwardedFor, trustProxy)
  const forwarded = clientProtocolOf(peer, forwardedFor, c.req.header('x-forwarded-proto'), trustProxy)
  return {
    address: address === 'unknown' && peer === undefined ? 'local' : address,
    protocol: forwarded ?? (c.req.url.startsWith('https:') ? 'https' : 'http'),
  } as const
}
