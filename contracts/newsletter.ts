import { z } from 'zod'
import { emailField } from '#contracts/fields.ts'

export const subscribeSchema = z.object({ email: emailField })
