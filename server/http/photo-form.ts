import type { Context } from 'hono'
import { AppError } from '#server/http/errors.ts'
import { readJson } from '#server/http/middleware.ts'
import type { AppEnv } from '#server/http/env.ts'

/**
 * A shopper's post that may carry photos (a review, an exchange or return request): the
 * JSON body, or in multipart/form-data the JSON of the same fields in the part `field`
 * and the files photo1..photo`max` (an empty slot is skipped). Answers the fields unparsed
 * and the photos' bytes; the route checks the fields with its schema.
 */
export async function photoForm(
  c: Context<AppEnv>,
  field: string,
  max: number,
): Promise<{ input: unknown; photos: Uint8Array[] }> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? ''))
    return { input: await readJson(c.req), photos: [] }
  let form: Record<string, string | File>
  try {
    form = await c.req.parseBody()
  } catch {
    throw new AppError(400, 'The request body is not a valid multipart form')
  }
  const part = form[field]
  if (typeof part !== 'string')
    throw new AppError(400, `${field} must be the ${field}'s JSON`, { fields: { [field]: 'Missing' } })
  let input: unknown
  try {
    input = JSON.parse(part)
  } catch {
    throw new AppError(400, `${field} is not valid JSON`, { fields: { [field]: 'Not valid JSON' } })
  }
  const photos: Uint8Array[] = []
  for (let slot = 1; slot <= max; slot++) {
    const file = form[`photo${slot}`]
    if (file === undefined || file === '') continue
    if (typeof file === 'string')
      throw new AppError(400, `photo${slot} must be a file`, { fields: { [`photo${slot}`]: 'Not a file' } })
    if (file.size > 0) photos.push(new Uint8Array(await file.arrayBuffer()))
  }
  return { input, photos }
}
