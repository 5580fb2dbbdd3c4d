import { createHash, randomBytes } from 'node:crypto'
import { AppError } from '#server/http/errors.ts'
import { normalizeEmail } from '#contracts/fields.ts'
import type { Login, LoginCode, User } from '#contracts/auth.ts'
import { burnPasswordCheck, verifyPassword } from '#server/auth/passwords.ts'
import * as repo from '#server/auth/repository.ts'
import {
  hashToken,
  toUser,
  WRONG_CODE,
  type AuthContext,
  type NewSession,
  type TwoFactorStep,
} from '#server/auth/context.ts'

// Signing in with a password (the Login page's code step included), the sessions a
// sign-in opens, and signing out.

const INVALID_LOGIN = 'Invalid email or password'

export const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app to finish signing in.'
const CHALLENGE_EXPIRED = 'This sign-in has expired. Please log in again.'

/** The Login page's code step waits this long for the code (docs/decisions/015). */
export const LOGIN_CHALLENGE_MS = 5 * 60_000

/** What binds a challenge to the password it was given with: a new password voids it. */
const passwordMark = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex')

/** An admin's console requests are written to the session at most this often. */
const CONSOLE_TOUCH_MS = 60_000

export function createSignIn(ctx: AuthContext) {
  const { db, config, now, loginByAccount, loginByAddress, startSession, consumeBoth, enrolledSecret, spendCode } = ctx

  /**
   * The session's account, or null, and whether it has two-factor sign-in on. An admin's
   * session ends after ADMIN_IDLE_MINUTES without a console request (docs/decisions/019); a
   * console request (`console`) keeps it going, written at most once a minute so the
   * console's every call is not a write.
   */
  async function sessionFor(
    token: string | undefined,
    options: { console?: boolean } = {},
  ): Promise<{ user: User; twoFactor: boolean } | null> {
    if (!token || token.length > 100) return null
    const tokenHash = hashToken(token)
    const at = now()
    const row = await repo.findSessionUser(db, tokenHash, at)
    if (!row) return null
    if (row.role === 'admin') {
      const lastConsole = row.last_console_at ?? row.session_created_at
      if (at - lastConsole >= config.adminIdleMs) {
        await repo.deleteSession(db, tokenHash)
        return null
      }
      if (options.console && at - lastConsole >= CONSOLE_TOUCH_MS) await repo.touchConsole(db, tokenHash, at)
    }
    return { user: toUser(row), twoFactor: row.two_factor_at !== null }
  }

  /**
   * The code step of a sign-in whose password was right, the limits already counted
   * for it: a wrong code stays counted like a wrong password; a right one clears the
   * account's count and opens the session.
   */
  async function finishWithCode(
    row: repo.UserRow,
    secret: string,
    code: string,
    clientAddress: string,
    replacing: string | undefined,
  ): Promise<NewSession> {
    if (!(await spendCode(row.id, secret, code))) throw new AppError(401, WRONG_CODE, { fields: { code: WRONG_CODE } })
    await Promise.all([loginByAccount.clear(row.email_normalized), loginByAddress.refund(clientAddress)])
    return startSession(toUser(row), replacing)
  }

  /** The Login page's second step, kept server-side: its token is only in the page's hidden field. */
  async function newChallenge(row: repo.UserRow & { password_hash: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    const at = now()
    await repo.insertChallenge(db, {
      token_hash: hashToken(token),
      user_id: row.id,
      password_mark: passwordMark(row.password_hash),
      created_at: at,
      expires_at: at + LOGIN_CHALLENGE_MS,
    })
    return token
  }

  return {
    startSession,

    /**
     * A sign-in with email and password. An account with two-factor sign-in needs its
     * code too: without one, a correct password answers a TwoFactorStep (with a challenge
     * for the Login page's code step when `options.challenge`); the attempt is given back,
     * but earlier wrong codes stay counted (docs/decisions/015).
     */
    async login(
      input: Login,
      clientAddress: string,
      replacing: string | undefined,
      options: { challenge?: boolean } = {},
    ): Promise<NewSession | TwoFactorStep> {
      const account = normalizeEmail(input.email)
      // Counted before the password is checked, and given back when it is right: a
      // burst of simultaneous guesses meets the limit like a sequence (docs/decisions/013).
      await consumeBoth(loginByAccount, account, clientAddress, 'failed sign-in attempts')

      const row = await repo.findUserByEmail(db, account)
      const passwordHash = row?.password_hash
      const ok = passwordHash
        ? await verifyPassword(passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false)
      if (!row || !passwordHash || !ok) throw new AppError(401, INVALID_LOGIN)
      const secret = await enrolledSecret(row.id)
      if (secret === null) {
        await Promise.all([loginByAccount.clear(account), loginByAddress.refund(clientAddress)])
        return startSession(toUser(row), replacing)
      }
      if (input.code === undefined) {
        // Only this attempt is given back: clearing the account's count here would let
        // whoever knows the password guess codes without end.
        await Promise.all([loginByAccount.refund(account), loginByAddress.refund(clientAddress)])
        const step: TwoFactorStep = { twoFactorRequired: true, message: CODE_NEEDED }
        if (options.challenge) step.challenge = await newChallenge({ ...row, password_hash: passwordHash })
        return step
      }
      return finishWithCode(row, secret, input.code, clientAddress, replacing)
    },

    /**
     * The Login page's code step: the challenge its password step gave (5 minutes, once,
     * void after a password change) and the code, counted like a password.
     */
    async loginWithChallenge(
      input: LoginCode,
      clientAddress: string,
      replacing: string | undefined,
    ): Promise<NewSession> {
      const tokenHash = hashToken(input.challenge)
      const found = await repo.findChallenge(db, tokenHash)
      if (!found || found.expires_at <= now()) throw new AppError(400, CHALLENGE_EXPIRED)
      const row = await repo.findUserById(db, found.user_id)
      const secret = row ? await enrolledSecret(row.id) : null
      if (!row?.password_hash || passwordMark(row.password_hash) !== found.password_mark || secret === null) {
        await repo.deleteChallenge(db, tokenHash)
        throw new AppError(400, CHALLENGE_EXPIRED)
      }
      const account = row.email_normalized
      await consumeBoth(loginByAccount, account, clientAddress, 'failed sign-in attempts')
      const session = await finishWithCode(row, secret, input.code, clientAddress, replacing)
      await repo.deleteChallenge(db, tokenHash)
      return session
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSession(db, hashToken(token))
    },

    sessionFor,

    async userForToken(token: string | undefined, options: { console?: boolean } = {}): Promise<User | null> {
      return (await sessionFor(token, options))?.user ?? null
    },

    async pruneSessions(): Promise<number> {
      const at = now()
      await repo.deleteExpiredChallenges(db, at)
      return (
        (await repo.deleteExpiredSessions(db, at)) + (await repo.deleteIdleAdminSessions(db, at - config.adminIdleMs))
      )
    },
  }
}
