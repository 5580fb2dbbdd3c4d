import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'
import { newPasswordField, userSchema, type User } from '#contracts/auth.ts'
import { addressAnswerSchema, addressSchema, type Address } from '#contracts/orders.ts'

/** How many delivery addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 10

/** What a password-less (Google) account types to delete itself. */
export const DELETE_CONFIRMATION = 'DELETE'

/** GET /api/user/account: who is signed in, and whether the account has a password at all. */
export interface Account {
  user: User
  /** False for accounts that sign in with Google only (docs/decisions/005). */
  hasPassword: boolean
}

const currentPasswordField = text('Current password', { error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(1024, 'Current password is too long')

/** POST /api/user/password: the same rules as registration for the new one (docs/spec/rulings.md #4). */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    /** Optional for API clients; the page's form always sends it. */
    confirmPassword: text('confirmPassword').max(1024).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'The new passwords do not match',
  })
export type ChangePassword = z.infer<typeof changePasswordSchema>

/**
 * POST /api/user/delete: the password, or for an account without one the word
 * DELETE typed out. The service decides which one the account needs.
 */
export const deleteAccountSchema = z.object({
  password: text('Password').max(1024, 'Password is too long').optional(),
  confirm: text('Confirmation').max(100, 'Confirmation is too long').optional(),
})
export type DeleteAccount = z.infer<typeof deleteAccountSchema>

/** POST /api/user/addresses and PUT /api/user/addresses/:id: a checkout address, and whether it is the default. */
export const savedAddressInputSchema = addressSchema.extend({
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
})
export type SavedAddressInput = z.infer<typeof savedAddressInputSchema>

export interface SavedAddress extends Address {
  _id: string
  isDefault: boolean
}

/** One line a person recognises an address by: "12 Zamzama Boulevard, Karachi". */
export function addressSummary(a: Pick<Address, 'street' | 'city'>): string {
  return `${a.street}, ${a.city}`
}

// The answers' schemas, for the API's description (server/openapi/document.ts); their types
// are held equal to the interfaces above by tests/api/openapi.test.ts.

export const accountSchema = z.object({ user: userSchema, hasPassword: z.boolean() })

export const savedAddressSchema = addressAnswerSchema.extend({ _id: z.string(), isDefault: z.boolean() })

/** A saved address's change: what was done, and the address as it is now. */
export const savedAddressAnswerSchema = z.object({ message: z.string(), address: savedAddressSchema })
