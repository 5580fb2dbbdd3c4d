import { z } from '#contracts/zod.ts'
import { emailField, requiredText, text } from '#contracts/fields.ts'
import { isCommonPassword } from '#contracts/common-passwords.ts'

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export const newPasswordField = text('Password', { error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => !isCommonPassword(p), 'Password is too common, choose another')

export const registrationSchema = z.object({
  name: requiredText('Name', 80),
  email: emailField,
  password: newPasswordField,
})
export type Registration = z.infer<typeof registrationSchema>

export const loginSchema = z.object({
  email: emailField,
  // Length is not checked at login: any wrong password is just wrong. The cap only
  // keeps a huge body from reaching the hash function.
  password: text('Password', { error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
})
export type Login = z.infer<typeof loginSchema>

/** docs/spec/rulings.md #7: the ID token is the only thing that identifies a Google user. */
export const googleLoginSchema = z.object({
  credential: text('Google credential', { error: 'Google credential is required' })
    .min(1, 'Google credential is required')
    .max(8192),
})

/** docs/spec/rulings.md #25: everyone is a customer; the store's CLI makes admins. */
export const userRoles = ['customer', 'admin'] as const
export type UserRole = (typeof userRoles)[number]

export interface User {
  _id: string
  name: string
  email: string
  role: UserRole
  /** The owner proved the address: a verification link, a password reset, or Google sign-in. */
  emailVerified: boolean
}

/** POST /api/auth/forgot-password: the answer is the same whether or not the address has an account. */
export const forgotPasswordSchema = z.object({ email: emailField })

export const FORGOT_PASSWORD_ANSWER =
  'If an account uses that address, we have sent it a link to choose a new password. It works for one hour; check your inbox and spam folder.'

/** The random token from the reset email; 43 characters of base64url. */
const resetTokenField = text('The reset link', { error: 'The reset link is incomplete' })
  .min(1, 'The reset link is incomplete')
  .max(200, 'The reset link is not valid')

export const resetPasswordSchema = z.object({ token: resetTokenField, password: newPasswordField })

/** POST /api/auth/verify-email: the token from the verification link. */
export const verifyEmailSchema = z.object({
  token: text('The verification link', { error: 'The verification link is incomplete' })
    .min(1, 'The verification link is incomplete')
    .max(600),
})

/** The pages that show Google's button; their Content-Security-Policy allows Google's script (server/http/csp.ts). */
export const GOOGLE_SIGN_IN_PAGES = ['/login', '/signup'] as const
