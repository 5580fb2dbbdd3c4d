import { AppError } from '#server/http/errors.ts'
import type { TwoFactorSetup, TwoFactorStatus } from '#contracts/auth.ts'
import * as repo from '#server/auth/repository.ts'
import {
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  normalizeCode,
  RECOVERY_CODES,
  totpCodeStep,
  totpSetup,
} from '#server/auth/totp.ts'
import { hashToken, tooMany, WRONG_CODE, type AuthContext } from '#server/auth/context.ts'

// Two-factor sign-in for admins (docs/decisions/015): the Security page sets it up,
// makes new recovery codes and turns it off.

const WRONG_SETUP_CODE = 'That code is not right. Check that the app shows Kapra’s new entry and enter its newest code.'
const NEEDS_PASSWORD =
  'Two-factor sign-in goes with a password, and this account signs in with Google only. Set a password first: log out, choose "Forgot password?" on the login page and open the link it sends.'
const ALREADY_ENROLLED = 'Two-factor sign-in is already on for this account.'

/** A setup not confirmed within this time is replaced by a new secret. */
const PENDING_SETUP_MS = 60 * 60_000

export function createTwoFactor(ctx: AuthContext) {
  const { db, config, now, setupCodeByUser, signedInRow, enrolledSecret, spendCode } = ctx

  return {
    async twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
      const row = await signedInRow(userId)
      const found = await repo.findTwoFactor(db, userId)
      const enrolled = found?.secret != null
      return {
        enrolled,
        enabledAt: enrolled ? (found?.enabled_at ?? null) : null,
        recoveryCodesLeft: enrolled ? await repo.countUnusedRecoveryCodes(db, userId) : 0,
        hasPassword: row.password_hash !== null,
      }
    },

    /**
     * The setup the Security page shows: the pending secret (a new one when there is
     * none, or it is an hour old) as text, as an otpauth:// address and as a QR code.
     */
    async twoFactorSetup(userId: string): Promise<TwoFactorSetup> {
      const row = await signedInRow(userId)
      if (row.role !== 'admin') throw new AppError(403, "This is for the store's admins only")
      if (row.password_hash === null) throw new AppError(409, NEEDS_PASSWORD)
      const found = await repo.findTwoFactor(db, userId)
      if (found?.secret) throw new AppError(409, ALREADY_ENROLLED)
      let secret = found?.pending_secret ?? null
      if (secret === null || (found?.pending_at ?? 0) + PENDING_SETUP_MS <= now()) {
        secret = newTotpSecret()
        await repo.setPendingSecret(db, userId, secret, now())
      }
      return { secret, ...(await totpSetup(secret, config.store.name, row.email)) }
    },

    /**
     * Confirms the pending setup with a code from the app: two-factor sign-in is on, ten
     * recovery codes are made (answered once, stored hashed), and every other session of
     * the account ends, since it was opened without a code.
     */
    async confirmTwoFactor(userId: string, code: string, keepToken: string | undefined): Promise<string[]> {
      await signedInRow(userId)
      const found = await repo.findTwoFactor(db, userId)
      if (found?.secret) throw new AppError(409, ALREADY_ENROLLED)
      const pending = found?.pending_secret
      if (!pending || (found.pending_at ?? 0) + PENDING_SETUP_MS <= now()) {
        throw new AppError(409, 'This setup has expired. Open Security again to scan a new code.')
      }
      const wait = await setupCodeByUser.consume(userId)
      if (wait > 0) throw tooMany(wait, 'wrong codes')
      const step = totpCodeStep(pending, normalizeCode(code), now())
      if (step === null) throw new AppError(400, WRONG_SETUP_CODE, { fields: { code: WRONG_SETUP_CODE } })
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
      await db.transaction().execute(async (trx) => {
        if (!(await repo.confirmPendingSecret(trx, userId, pending, step, now()))) {
          throw new AppError(409, 'This setup changed meanwhile. Open Security again.')
        }
        await repo.replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode))
        await repo.deleteOtherSessions(trx, userId, keepToken ? hashToken(keepToken) : undefined)
      })
      await setupCodeByUser.clear(userId)
      return codes
    },

    /**
     * A new set of ten recovery codes for an account with two-factor sign-in, after a
     * code from the app (or a recovery code): the old set stops working.
     */
    async newRecoveryCodes(userId: string, code: string): Promise<string[]> {
      await signedInRow(userId)
      const secret = await enrolledSecret(userId)
      if (secret === null) throw new AppError(409, 'Two-factor sign-in is not on for this account.')
      const wait = await setupCodeByUser.consume(userId)
      if (wait > 0) throw tooMany(wait, 'wrong codes')
      if (!(await spendCode(userId, secret, code))) {
        throw new AppError(400, WRONG_CODE, { fields: { code: WRONG_CODE } })
      }
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
      await db.transaction().execute((trx) => repo.replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode)))
      await setupCodeByUser.clear(userId)
      return codes
    },

    /**
     * Turns two-factor sign-in off from the Security page, after a code (to move it to a
     * new phone: off, then set up again). With ADMIN_TWO_FACTOR=required the console then
     * waits for the new setup.
     */
    async turnOffTwoFactor(userId: string, code: string): Promise<void> {
      await signedInRow(userId)
      const secret = await enrolledSecret(userId)
      if (secret === null) throw new AppError(409, 'Two-factor sign-in is not on for this account.')
      const wait = await setupCodeByUser.consume(userId)
      if (wait > 0) throw tooMany(wait, 'wrong codes')
      if (!(await spendCode(userId, secret, code))) {
        throw new AppError(400, WRONG_CODE, { fields: { code: WRONG_CODE } })
      }
      await db.transaction().execute((trx) => repo.clearTwoFactor(trx, userId))
      await setupCodeByUser.clear(userId)
    },
  }
}
