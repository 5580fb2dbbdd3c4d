import { randomBytes } from 'node:crypto'
import type { Executor } from '#server/db/database.ts'
import { AppError } from '#server/http/errors.ts'
import { normalizeEmail } from '#contracts/fields.ts'
import type { Registration, User } from '#contracts/auth.ts'
import { hashPassword } from '#server/auth/passwords.ts'
import * as repo from '#server/auth/repository.ts'
import { emailLanguage, passwordResetEmail, verifyEmail, welcomeEmail } from '#server/mail/templates.ts'
import type { Lang } from '#contracts/languages.ts'
import {
  hashToken,
  toUser,
  tooMany,
  type AuthContext,
  type NewSession,
  type TwoFactorStep,
} from '#server/auth/context.ts'

// Registering, verifying the address, and resetting a forgotten password: the steps
// that go through the account's inbox.

/** A reset link works once, for an hour (docs/decisions/011). */
export const RESET_TOKEN_MS = 60 * 60_000
/** A verification link works for a week. */
export const VERIFY_LINK_MS = 7 * 24 * 60 * 60_000

const RESET_INVALID = 'This link to reset your password is not valid. Please ask for a new one.'
const RESET_EXPIRED = 'This link to reset your password has expired. Please ask for a new one.'
const RESET_USED = 'This link to reset your password was already used. Please ask for a new one.'
const VERIFY_INVALID = 'This verification link is not valid. You can ask for a new one from your account.'
const VERIFY_EXPIRED = 'This verification link has expired. You can ask for a new one from your account.'

/** Where a reset email's link leads. */
export const resetPasswordPath = (token: string) => `/reset-password?token=${encodeURIComponent(token)}`
export const verifyEmailPath = (token: string) => `/verify-email?token=${encodeURIComponent(token)}`

export function createRegistration(ctx: AuthContext) {
  const {
    db,
    now,
    mail,
    registrationByAddress,
    resetByEmail,
    resetByAddress,
    resendByUser,
    startSession,
    addAccount,
    enrolledSecret,
  } = ctx

  /** The welcome email, with a link that verifies the address, in the caller's transaction. */
  async function sendWelcome(trx: Executor, user: repo.UserRow) {
    if (!mail) return
    const token = await mail.signLink(trx, 'verify-email', user.id, VERIFY_LINK_MS, normalizeEmail(user.email))
    await mail.enqueue(
      trx,
      'welcome',
      user.email,
      await welcomeEmail(mail.store, emailLanguage(user.language), user.name, mail.url(verifyEmailPath(token))),
      { userId: user.id },
    )
  }

  return {
    /**
     * `language`: the store's language the shopper signed up in (the Urdu store's form
     * passes 'ur'), kept as the account's; its welcome email is written in it.
     */
    async register(input: Registration, clientAddress: string, language?: Lang): Promise<User> {
      const wait = await registrationByAddress.consume(clientAddress)
      if (wait > 0) throw tooMany(wait, 'accounts were created from your network')
      return addAccount(input, 'customer', 'An account with this email already exists', sendWelcome, language)
    },

    /**
     * "Forgot password?": the same answer, status and kind of work whether or not the
     * address has an account (docs/decisions/011). Limited per address and per client,
     * counted for every request, so the limit reveals nothing either.
     */
    async forgotPassword(email: string, clientAddress: string): Promise<void> {
      const account = normalizeEmail(email)
      // Counted with consume(), which is exact across instances; a request refused by
      // the client's limit gives the address's count back.
      const byEmail = await resetByEmail.consume(account)
      if (byEmail > 0) throw tooMany(byEmail, 'requests to reset a password')
      const byAddress = await resetByAddress.consume(clientAddress)
      if (byAddress > 0) {
        await resetByEmail.refund(account)
        throw tooMany(byAddress, 'requests to reset a password')
      }

      const token = randomBytes(32).toString('base64url')
      const tokenHash = hashToken(token)
      const at = now()
      const row = await repo.findUserByEmail(db, account)
      await db.transaction().execute(async (trx) => {
        // Both paths clear spent and expired tokens, so an unknown address is not answered faster.
        await repo.deleteStaleResets(trx, at)
        if (!row || !mail) return
        await repo.insertReset(trx, {
          token_hash: tokenHash,
          user_id: row.id,
          created_at: at,
          expires_at: at + RESET_TOKEN_MS,
        })
        await mail.enqueue(
          trx,
          'password-reset',
          row.email,
          await passwordResetEmail(
            mail.store,
            emailLanguage(row.language),
            row.name,
            mail.url(resetPasswordPath(token)),
          ),
          { userId: row.id },
        )
      })
    },

    /** Whether a reset link still works, for its page; nothing changes. */
    async checkResetToken(token: string): Promise<{ ok: true } | { ok: false; message: string }> {
      const found = token.length <= 200 ? await repo.findReset(db, hashToken(token)) : undefined
      if (!found) return { ok: false, message: RESET_INVALID }
      if (found.used_at !== null) return { ok: false, message: RESET_USED }
      if (found.expires_at <= now()) return { ok: false, message: RESET_EXPIRED }
      return { ok: true }
    },

    /**
     * Sets a new password with a reset link: the link is spent, every session of the
     * account ends (the one it opens is the only one left), and the address counts as
     * verified (the link reached its inbox). An account with two-factor sign-in is not
     * signed in by the link: a mailbox is not the second factor, so it logs in with the
     * new password and its code (docs/decisions/015).
     */
    async resetPassword(
      input: { token: string; password: string },
      replacing: string | undefined,
    ): Promise<NewSession | TwoFactorStep> {
      const tokenHash = hashToken(input.token)
      const found = await repo.findReset(db, tokenHash)
      if (!found) throw new AppError(400, RESET_INVALID)
      if (found.used_at !== null) throw new AppError(400, RESET_USED)
      if (found.expires_at <= now()) throw new AppError(400, RESET_EXPIRED)
      const passwordHash = await hashPassword(input.password)
      const user = await db.transaction().execute(async (trx) => {
        // Two uses at once: only one spends the token.
        if (!(await repo.spendReset(trx, tokenHash, now()))) throw new AppError(400, RESET_USED)
        await repo.spendResetsOf(trx, found.user_id, now())
        await repo.setResetPassword(trx, found.user_id, passwordHash, now())
        await repo.deleteSessionsOf(trx, found.user_id)
        return repo.findUserById(trx, found.user_id)
      })
      if (!user) throw new AppError(400, RESET_INVALID)
      if (await enrolledSecret(user.id)) {
        return {
          twoFactorRequired: true,
          message: 'Your password is changed. Log in with it and the code from your authenticator app.',
        }
      }
      return startSession(toUser(user), replacing)
    },

    /** The verification link: marks the address verified (again is fine). */
    async verifyEmail(token: string): Promise<User> {
      if (!mail) throw new AppError(400, VERIFY_INVALID)
      const check = await mail.checkLink(token, ['verify-email'])
      if (!check.ok) throw new AppError(400, check.reason === 'expired' ? VERIFY_EXPIRED : VERIFY_INVALID)
      const row = await repo.findUserById(db, check.claims.subject)
      // The account is gone, or its address changed since the link was sent.
      if (!row || row.email_normalized !== check.claims.email) throw new AppError(400, VERIFY_INVALID)
      if (row.email_verified_at !== null) return toUser(row)
      const at = now()
      await repo.markEmailVerified(db, row.id, at)
      return toUser({ ...row, email_verified_at: at })
    },

    /** Sends the verification link again (a few times an hour at most). */
    async resendVerification(userId: string): Promise<void> {
      const row = await repo.findUserById(db, userId)
      if (!row) throw new AppError(401, 'Please log in to continue')
      if (row.email_verified_at !== null) throw new AppError(409, 'Your email address is already verified')
      const wait = await resendByUser.consume(userId)
      if (wait > 0) throw tooMany(wait, 'verification emails')
      if (!mail) return
      await db.transaction().execute(async (trx) => {
        const token = await mail.signLink(trx, 'verify-email', row.id, VERIFY_LINK_MS, row.email_normalized)
        await mail.enqueue(
          trx,
          'verify-email',
          row.email,
          await verifyEmail(mail.store, emailLanguage(row.language), row.name, mail.url(verifyEmailPath(token))),
          { userId: row.id },
        )
      })
    },
  }
}
