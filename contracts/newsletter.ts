import { z } from '#contracts/zod.ts'
import { emailField } from '#contracts/fields.ts'

export const subscribeSchema = z.object({ email: emailField })
