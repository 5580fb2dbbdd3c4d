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

/** A 6-digit code (spaces allowed) or a recovery code (xxxx-xxxx-xxxx). */
export const twoFactorCodeField = text('Code', { error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(40, 'That code is not right')

export const loginSchema = z.object({
  email: emailField,
  // Length is not checked at login: any wrong password is just wrong. The cap only
  // keeps a huge body from reaching the hash function.
  password: text('Password', { error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
  // An admin with two-factor sign-in: the authenticator's 6-digit code or a recovery code
  // (docs/decisions/015). Absent, such an account is answered 401 { twoFactorRequired }.
  code: twoFactorCodeField.optional(),
})
export type Login = z.infer<typeof loginSchema>

/** The Login page's second step: the challenge its first step gave, and the code. */
export const loginCodeSchema = z.object({
  challenge: text('Challenge', { error: 'This sign-in has expired. Please log in again.' })
    .min(1, 'This sign-in has expired. Please log in again.')
    .max(200, 'This sign-in has expired. Please log in again.'),
  code: twoFactorCodeField,
})
export type LoginCode = z.infer<typeof loginCodeSchema>

/** Confirming two-factor setup on the console's Security page: the app's current code. */
export const twoFactorConfirmSchema = z.object({
  code: text('Code', { error: 'Enter the 6-digit code from your authenticator app' })
    .trim()
    .regex(/^\d{3} ?\d{3}$/, 'Enter the 6-digit code from your authenticator app'),
})

/** A code from the app or a recovery code, alone (new recovery codes on the Security page). */
export const twoFactorCodeSchema = z.object({ code: twoFactorCodeField })

/** What the console's Security page and GET /api/admin/two-factor report. */
export interface TwoFactorStatus {
  enrolled: boolean
  enabledAt: number | null
  recoveryCodesLeft: number
  /** Two-factor sign-in needs a password to go with the code. */
  hasPassword: boolean
}

/** A setup waiting for its code: the secret as text, its otpauth:// address and that address as an SVG QR code. */
export interface TwoFactorSetup {
  secret: string
  uri: string
  qrSvg: string
}

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

// The answers' schemas, for the API's description (server/openapi/document.ts); their types
// are held equal to the interfaces above by tests/api/openapi.test.ts.

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
  emailVerified: z.boolean(),
})

/** Sign-in, registration, a verified address or a reset password: what happened and who. */
export const userAnswerSchema = z.object({ message: z.string(), user: userSchema })

/** The sign-in of an account with two-factor sign-in, without its code (401; docs/decisions/015). */
export const twoFactorRequiredSchema = z.object({ twoFactorRequired: z.literal(true), message: z.string() })

export const twoFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  enabledAt: z.number().nullable(),
  recoveryCodesLeft: z.number().int(),
  hasPassword: z.boolean(),
})

export const twoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() })

export const recoveryCodesAnswerSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) })
