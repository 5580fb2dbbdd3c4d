import { Hono, type Context } from 'hono'
import { adminRequestsQuerySchema, requestDecisionSchema, requestReceivedSchema } from '#contracts/requests.ts'
import { idParam, queryOf } from '#server/http/params.ts'
import { parseWith } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'
import { adminOnly } from '#server/auth/session.ts'

/** The console's exchanges and returns (admins only, like the rest of /api/admin; docs/decisions/036). */
export const adminRequestRoutes = new Hono<AppEnv>()
  .use(adminOnly())
  .get('/', async (c) => {
    const query = parseWith(adminRequestsQuerySchema, queryOf(c, ['status', 'page']))
    return c.json(await c.var.services.orders.requestsPage(query))
  })
  .post('/:id/decision', async (c) => {
    const decision = parseWith(requestDecisionSchema, await readJson(c.req))
    const request = await c.var.services.orders.decideRequest(idOf(c), decision)
    return c.json({
      message: request.status === 'approved' ? 'The request is approved' : 'The request is declined',
      request,
    })
  })
  .post('/:id/received', async (c) => {
    const input = parseWith(requestReceivedSchema, await readJson(c.req))
    const request = await c.var.services.orders.receiveRequest(idOf(c), input)
    return c.json({ message: 'The pieces are back on the shelf', request })
  })

const idOf = (c: Context<AppEnv>) => idParam(c, 100, 'Request not found')
