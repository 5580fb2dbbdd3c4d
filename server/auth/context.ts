import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Config } from '#server/config.ts'
import type { Db, Executor } from '#server/db/database.ts'
import { AppError } from '#server/http/errors.ts'
import { normalizeEmail } from '#contracts/fields.ts'
import type { Registration, User, UserRole } from '#contracts/auth.ts'
import type { Lang } from '#contracts/languages.ts'
import { hashPassword } from '#server/auth/passwords.ts'
import { RateLimiter } from '#server/limits/rate-limit.ts'
import * as repo from '#server/auth/repository.ts'
import { createGoogleVerifier, type GoogleVerifier } from '#server/auth/google.ts'
import { createLogger, errorFields, type Logger } from '#server/http/logger.ts'
import type { LimitStore } from '#server/limits/stores.ts'
import type { MailService } from '#server/mail/service.ts'
import { hashRecoveryCode, isRecoveryCodeShape, normalizeCode, totpCodeStep } from '#server/auth/totp.ts'

// What the auth service's parts (server/auth/service.ts assembles them) share: the
// clock, the mail, the rate limits, and the few steps more than one of them takes.

export interface NewSession {
  token: string
  expiresAt: number
  user: User
}

/** A correct password of an account with two-factor sign-in, sent without its code (docs/decisions/015). */
export interface TwoFactorStep {
  twoFactorRequired: true
  message: string
  /** The Login page's challenge for its code step, when asked for. */
  challenge?: string
}

export const WRONG_CODE =
  'That code is not right. Enter the newest code from your authenticator app, or a recovery code.'

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function toUser(row: {
  id: string
  name: string
  email: string
  role: string
  email_verified_at: number | null
}): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'customer',
    emailVerified: row.email_verified_at !== null,
  }
}

export function tooMany(seconds: number, what: string): AppError {
  const minutes = Math.ceil(seconds / 60)
  return new AppError(429, `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    headers: { 'Retry-After': String(seconds) },
  })
}

export interface AuthOptions {
  logger?: Logger
  now?: () => number
  mail?: MailService
  limitStore?: LimitStore
}

export type AuthContext = ReturnType<typeof createAuthContext>

export function createAuthContext(db: Db, config: Config, options: AuthOptions = {}) {
  const now = options.now ?? Date.now
  const mail = options.mail
  const logger = options.logger ?? createLogger('silent')
  const limits = config.rateLimits
  // Shared by every instance when the store runs several (docs/decisions/013).
  const limiter = (name: string, limit: number, windowMs: number) =>
    new RateLimiter(
      limit,
      windowMs,
      now,
      options.limitStore && {
        name,
        store: options.limitStore,
        onError: (err) => logger.warn('shared rate limit unavailable', { limiter: name, ...errorFields(err) }),
      },
    )
  const loginByAccount = limiter('login-account', limits.loginPerAccount, limits.loginWindowMs)
  const loginByAddress = limiter('login-address', limits.loginPerIp, limits.loginWindowMs)
  const registrationByAddress = limiter('registration-address', limits.registrationPerIp, limits.registrationWindowMs)
  // A signed-in shopper retyping their password (changing it, deleting the account):
  // wrong guesses are limited like failed logins, per account and per address.
  const passwordCheckByAccount = limiter('password-check-account', limits.loginPerAccount, limits.loginWindowMs)
  const resetByEmail = limiter('password-reset-email', limits.passwordResetPerEmail, limits.passwordResetWindowMs)
  const resetByAddress = limiter('password-reset-address', limits.passwordResetPerIp, limits.passwordResetWindowMs)
  const resendByUser = limiter('verification-resend-user', 3, 60 * 60_000)
  // Wrong codes while confirming a two-factor setup, per account.
  const setupCodeByUser = limiter('two-factor-setup-user', limits.loginPerAccount, limits.loginWindowMs)
  const sessionMs = config.sessionDays * 24 * 60 * 60 * 1000
  // One verifier (and so one cached Google key set) for the life of the process.
  const { clientId, jwksUrl } = config.google
  const verifyGoogle: GoogleVerifier | undefined = clientId
    ? createGoogleVerifier({ clientId, jwksUrl, logger })
    : undefined

  /** A fresh opaque token; only its hash is stored (docs/spec/rulings.md #5). */
  async function startSession(user: User, replacing: string | undefined): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url')
    const createdAt = now()
    const expiresAt = createdAt + sessionMs
    await db.transaction().execute(async (trx) => {
      if (replacing) await repo.deleteSession(trx, hashToken(replacing))
      await repo.insertSession(trx, {
        token_hash: hashToken(token),
        user_id: user._id,
        created_at: createdAt,
        expires_at: expiresAt,
      })
    })
    return { token, expiresAt, user }
  }

  async function addAccount(
    input: Registration,
    role: UserRole,
    taken: string,
    along?: (trx: Executor, row: repo.UserRow) => Promise<void>,
    language?: Lang,
  ): Promise<User> {
    const emailNormalized = normalizeEmail(input.email)
    if (await repo.findUserByEmail(db, emailNormalized)) throw new AppError(409, taken)
    const row: repo.UserRow = {
      id: randomUUID(),
      name: input.name,
      email: input.email,
      email_normalized: emailNormalized,
      password_hash: await hashPassword(input.password),
      google_sub: null,
      created_at: now(),
      role,
      email_verified_at: null,
      // Registration proves nothing of the address; the store's CLI creating an admin does.
      password_proven_at: role === 'admin' ? now() : null,
      language: language ?? null,
    }
    try {
      await db.transaction().execute(async (trx) => {
        await repo.insertUser(trx, row)
        if (along) await along(trx, row)
      })
    } catch (err) {
      // Two registrations of one address at the same moment: the unique index decides.
      if (await repo.findUserByEmail(db, emailNormalized)) throw new AppError(409, taken)
      throw err
    }
    return toUser(row)
  }

  /**
   * Counts one attempt on an account's limit and on the client address's, before the
   * check they guard: a burst of simultaneous guesses meets the limit like a sequence
   * (docs/decisions/013). A refused attempt spends nothing on the limit that let it through.
   */
  async function consumeBoth(byAccount: RateLimiter, account: string, clientAddress: string, what: string) {
    const [accountWait, addressWait] = await Promise.all([
      byAccount.consume(account),
      loginByAddress.consume(clientAddress),
    ])
    if (accountWait === 0 && addressWait === 0) return
    if (accountWait === 0) await byAccount.refund(account)
    if (addressWait === 0) await loginByAddress.refund(clientAddress)
    throw tooMany(Math.max(accountWait, addressWait), what)
  }

  async function signedInRow(userId: string): Promise<repo.UserRow> {
    const row = await repo.findUserById(db, userId)
    if (!row) throw new AppError(401, 'Please log in to continue')
    return row
  }

  /** The account's confirmed TOTP secret, or null when two-factor sign-in is off. */
  async function enrolledSecret(userId: string): Promise<string | null> {
    const found = await repo.findTwoFactor(db, userId)
    return found?.secret ?? null
  }

  /**
   * Spends a code of the account: a TOTP code of a step later than the last one accepted
   * (so each is accepted once, within one step of drift), or an unused recovery code.
   */
  async function spendCode(userId: string, secret: string, code: string): Promise<boolean> {
    const at = now()
    const typed = normalizeCode(code)
    const step = totpCodeStep(secret, typed, at)
    if (step !== null) return repo.spendTotpStep(db, userId, step)
    if (isRecoveryCodeShape(typed)) return repo.spendRecoveryCode(db, userId, hashRecoveryCode(typed), at)
    return false
  }

  return {
    db,
    config,
    now,
    mail,
    loginByAccount,
    loginByAddress,
    registrationByAddress,
    passwordCheckByAccount,
    resetByEmail,
    resetByAddress,
    resendByUser,
    setupCodeByUser,
    verifyGoogle,
    startSession,
    addAccount,
    consumeBoth,
    signedInRow,
    enrolledSecret,
    spendCode,
  }
}
