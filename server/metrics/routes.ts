import type { MiddlewareHandler } from 'hono'
import { Hono } from 'hono'
import { routePath } from 'hono/route'
import { inAddressList } from '#server/http/client-address.ts'
import { AppError } from '#server/http/errors.ts'
import type { AppEnv } from '#server/http/env.ts'

/**
 * Times every request and counts it by the pattern of the route that answered it:
 * `/api/product/:productId`, not the product's own address. Pages and public files are
 * one route, `page`; so is anything unmatched, so the set of labels stays bounded.
 */
export function countRequests(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      const pattern = routePath(c)
      const route = pattern === '' || pattern === '*' || pattern === '/*' ? 'page' : pattern
      c.get('services').metrics.observe(c.req.method, route, c.res.status, (performance.now() - started) / 1000)
    }
  }
}

/** /metrics, for addresses in METRICS_ALLOW only (default: this machine); 404 to anyone else. */
export const metricsRoutes = new Hono<AppEnv>().get('/metrics', async (c) => {
  const { config, metrics } = c.get('services')
  if (!inAddressList(config.metricsAllow, c.get('clientAddress'))) throw new AppError(404, 'Not found')
  return c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' })
})
