import { z } from '#contracts/zod.ts'

/**
 * Every refusal of the API (server/http/errors.ts, docs/spec/rulings.md #10): what to tell the
 * person, and for a 400 from a contract the first message per field, keyed by its path.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** An answer that only says what was done. */
export const doneSchema = z.object({ message: z.string() })
