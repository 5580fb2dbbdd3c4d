import type { Context } from 'hono'
import { AppError } from '#server/http/errors.ts'
import type { AppEnv } from '#server/http/env.ts'

// What a route reads of its address: the `:id` in its path and its query parameters.

/** The route's `:id`; one longer than `max` names nothing there is, answered 404 with `notFound`. */
export function idParam(c: Context<AppEnv>, max: number, notFound: string): string {
  const id = c.req.param('id') ?? ''
  if (id.length > max) throw new AppError(404, notFound)
  return id
}

/** The named query parameters; an empty one counts as absent (`?status=&q=`). */
export function queryOf(c: Context<AppEnv>, names: string[]): Record<string, string> {
  const query: Record<string, string> = {}
  for (const name of names) {
    const value = c.req.query(name)
    if (value !== undefined && value !== '') query[name] = value
  }
  return query
}
