import type { ZodType } from 'zod'

/** An expected failure: answered as { message } with this status (DECISIONS 10). */
export class AppError extends Error {
  readonly status: number
  readonly headers: Record<string, string>
  readonly fields: Record<string, string> | undefined

  constructor(
    status: number,
    message: string,
    options: { headers?: Record<string, string>; fields?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.status = status
    this.headers = options.headers ?? {}
    this.fields = options.fields
  }
}

/** Parses a payload with its contract; a 400 names the first failing field. */
export function parseWith<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issue.message
  }
  const first = result.error.issues[0]
  throw new AppError(400, first ? first.message : 'Invalid request', { fields })
}
