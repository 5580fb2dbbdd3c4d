import { Hono, type Context } from 'hono'
import { adminCustomersQuerySchema, adminOrdersQuerySchema, adminStatusMoveSchema } from '#contracts/admin.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { adminOnly, requireAdmin } from '#server/auth/session.ts'

/**
 * /api/admin/: the store owner's console (docs/spec/rulings.md #25). Every call, known
 * or not, passes the one guard first: a guest gets 401, a customer 403. Writes have
 * already passed the API's same-origin, JSON-only and body-size checks (server/app.ts).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(adminOnly())
  .get('/orders', async (c) => {
    const query = parseWith(adminOrdersQuerySchema, queryOf(c, ['status', 'q', 'from', 'to', 'page']))
    return c.json(await c.var.services.admin.orders(query))
  })
  .get('/orders/:id', async (c) => {
    return c.json(await c.var.services.admin.order(orderId(c)))
  })
  .post('/orders/:id/status', async (c) => {
    const admin = requireAdmin(c)
    const input = parseWith(adminStatusMoveSchema, await readJson(c.req))
    const order = await c.var.services.admin.moveOrder(orderId(c), input, admin)
    return c.json({ message: `The order is now ${order.order.status}`, order })
  })
  .get('/dashboard', async (c) => c.json(await c.var.services.admin.dashboard()))
  .get('/customers', async (c) => {
    const query = parseWith(adminCustomersQuerySchema, queryOf(c, ['q', 'page']))
    return c.json(await c.var.services.admin.customers(query))
  })

/** The named query parameters; an empty one counts as absent (`?status=&q=`). */
function queryOf(c: Context<AppEnv>, names: string[]): Record<string, string> {
  const query: Record<string, string> = {}
  for (const name of names) {
    const value = c.req.query(name)
    if (value !== undefined && value !== '') query[name] = value
  }
  return query
}

function orderId(c: Context<AppEnv>): string {
  const id = c.req.param('id') ?? ''
  if (id.length > 100) throw new AppError(404, 'Order not found')
  return id
}
