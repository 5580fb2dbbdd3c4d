import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import { createAuthContext, type AuthOptions } from '#server/auth/context.ts'
import { createSignIn } from '#server/auth/sign-in.ts'
import { createGoogleSignIn } from '#server/auth/google-sign-in.ts'
import { createRegistration } from '#server/auth/registration.ts'
import { createTwoFactor } from '#server/auth/two-factor.ts'
import { createAccountChanges } from '#server/auth/account-changes.ts'
import { createAdminAccounts } from '#server/auth/admin-accounts.ts'

export { hashToken, type NewSession, type TwoFactorStep } from '#server/auth/context.ts'
export { CODE_NEEDED, LOGIN_CHALLENGE_MS } from '#server/auth/sign-in.ts'
export { RESET_TOKEN_MS, VERIFY_LINK_MS, resetPasswordPath, verifyEmailPath } from '#server/auth/registration.ts'

export type AuthService = ReturnType<typeof createAuthService>

/**
 * Accounts, sessions and sign-in: the one service other domains, routes and scripts
 * use. Each job is a module of its own beside this one; they share one clock, one
 * set of rate limits and one mail service (server/auth/context.ts).
 */
export function createAuthService(db: Db, config: Config, options: AuthOptions = {}) {
  const ctx = createAuthContext(db, config, options)
  return {
    ...createSignIn(ctx),
    ...createGoogleSignIn(ctx),
    ...createRegistration(ctx),
    ...createTwoFactor(ctx),
    ...createAccountChanges(ctx),
    ...createAdminAccounts(ctx),
  }
}
