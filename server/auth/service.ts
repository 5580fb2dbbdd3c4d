import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import { normalizeEmail } from '#contracts/fields.ts'
import { registrationSchema, type Login, type Registration, type User, type UserRole } from '#contracts/auth.ts'
import { DELETE_CONFIRMATION, type Account, type ChangePassword, type DeleteAccount } from '#contracts/account.ts'
import type { Executor } from '#server/db/database.ts'
import { burnPasswordCheck, hashPassword, verifyPassword } from '#server/auth/passwords.ts'
import { RateLimiter } from '#server/auth/rate-limit.ts'
import * as repo from '#server/auth/repository.ts'
import { createGoogleVerifier, type GoogleIdentity, type GoogleVerifier } from '#server/auth/google.ts'
import { createLogger, errorFields, type Logger } from '#server/http/logger.ts'
import type { LimitStore } from '#server/limits/stores.ts'
import type { MailService } from '#server/mail/service.ts'
import { passwordResetEmail, verifyEmail, welcomeEmail } from '#server/mail/templates.ts'

export interface NewSession {
  token: string
  expiresAt: number
  user: User
}

const INVALID_LOGIN = 'Invalid email or password'

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function toUser(row: {
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

function tooMany(seconds: number, what: string): AppError {
  const minutes = Math.ceil(seconds / 60)
  return new AppError(429, `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    headers: { 'Retry-After': String(seconds) },
  })
}

export type AuthService = ReturnType<typeof createAuthService>

export function createAuthService(
  db: Db,
  config: Config,
  options: { logger?: Logger; now?: () => number; mail?: MailService; limitStore?: LimitStore } = {},
) {
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

  /**
   * The account a verified Google identity signs in to: keyed by `sub`; on first
   * sign-in joined to the account with the same address when Google is the
   * authority for it (docs/decisions/005-google-account-linking.md), else created.
   */
  async function accountForGoogle(identity: GoogleIdentity): Promise<User> {
    const emailNormalized = normalizeEmail(identity.email)
    // A further pass only follows a concurrent first sign-in that won a unique index.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const known = await repo.findUserByGoogleSub(db, identity.sub)
      if (known) return toUser(known)

      const sameEmail = await repo.findUserByEmail(db, emailNormalized)
      if (sameEmail) {
        if (sameEmail.google_sub !== null && sameEmail.google_sub !== identity.sub) {
          throw new AppError(409, 'This email is linked to another Google account')
        }
        if (!identity.emailAuthoritative) {
          throw new AppError(409, 'An account with this email already exists. Please log in with your password.')
        }
        try {
          const linked = await db
            .transaction()
            .execute((trx) => repo.linkGoogleSub(trx, sameEmail.id, identity.sub, now()))
          if (linked) return toUser({ ...sameEmail, email_verified_at: sameEmail.email_verified_at ?? now() })
        } catch (err) {
          if (attempt >= 3) throw err
        }
        continue
      }

      const row: repo.UserRow = {
        id: randomUUID(),
        name: identity.name,
        email: identity.email,
        email_normalized: emailNormalized,
        password_hash: null,
        google_sub: identity.sub,
        created_at: now(),
        role: 'customer',
        // Google verified the address.
        email_verified_at: now(),
      }
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertUser(trx, row)
          if (mail)
            await mail.enqueue(trx, 'welcome', row.email, welcomeEmail(mail.store, row.name, null), { userId: row.id })
        })
        return toUser(row)
      } catch (err) {
        if (attempt >= 3) throw err
      }
    }
    throw new Error('Google sign-in could not settle on an account')
  }

  /** The welcome email, with a link that verifies the address, in the caller's transaction. */
  async function sendWelcome(trx: Executor, user: { id: string; name: string; email: string }) {
    if (!mail) return
    const token = await mail.signLink(trx, 'verify-email', user.id, VERIFY_LINK_MS, normalizeEmail(user.email))
    await mail.enqueue(
      trx,
      'welcome',
      user.email,
      welcomeEmail(mail.store, user.name, mail.url(verifyEmailPath(token))),
      { userId: user.id },
    )
  }

  async function addAccount(
    input: Registration,
    role: UserRole,
    taken: string,
    along?: (trx: Executor, row: repo.UserRow) => Promise<void>,
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
   * The signed-in person's password, asked again before a change that matters: a wrong
   * one answers 400 naming `field` and counts like a failed login (docs/spec/rulings.md #8).
   */
  async function recheckPassword(
    row: repo.UserRow & { password_hash: string },
    password: string,
    field: string,
    clientAddress: string,
  ): Promise<void> {
    // Counted before the check and given back when it is right, like a login (issue 13, item 1).
    const [byAccount, byAddress] = await Promise.all([
      passwordCheckByAccount.consume(row.id),
      loginByAddress.consume(clientAddress),
    ])
    if (byAccount > 0 || byAddress > 0) {
      if (byAccount === 0) await passwordCheckByAccount.refund(row.id)
      if (byAddress === 0) await loginByAddress.refund(clientAddress)
      throw tooMany(Math.max(byAccount, byAddress), 'wrong passwords')
    }
    if (await verifyPassword(row.password_hash, password)) {
      await Promise.all([passwordCheckByAccount.clear(row.id), loginByAddress.refund(clientAddress)])
      return
    }
    throw new AppError(400, 'That is not your current password', {
      fields: { [field]: 'That is not your current password' },
    })
  }

  async function signedInRow(userId: string): Promise<repo.UserRow> {
    const row = await repo.findUserById(db, userId)
    if (!row) throw new AppError(401, 'Please log in to continue')
    return row
  }

  return {
    startSession,

    async register(input: Registration, clientAddress: string): Promise<User> {
      const wait = await registrationByAddress.consume(clientAddress)
      if (wait > 0) throw tooMany(wait, 'accounts were created from your network')
      return addAccount(input, 'customer', 'An account with this email already exists', sendWelcome)
    },

    /**
     * An admin account, for the store's CLI only (docs/spec/rulings.md #25): the same
     * rules as registration (name, email, password), and an address already taken is
     * refused, never taken over.
     */
    async createAdmin(input: { name: string; email: string; password: string }): Promise<User> {
      const valid = parseWith(registrationSchema, input)
      return addAccount(
        valid,
        'admin',
        `An account with the email ${valid.email} already exists; make it an admin with: npm run admin -- promote --email ${valid.email}`,
      )
    },

    /** Makes an existing account an admin (the store's CLI); unknown addresses answer 404. */
    async promote(email: string): Promise<{ user: User; changed: boolean }> {
      const row = await repo.findUserByEmail(db, normalizeEmail(email))
      if (!row) throw new AppError(404, `No account has the email ${email.trim()}`)
      if (row.role === 'admin') return { user: toUser(row), changed: false }
      await repo.setRole(db, row.id, 'admin')
      return { user: toUser({ ...row, role: 'admin' }), changed: true }
    },

    /** The account behind an id (the console shows an order's customer). */
    async userById(id: string): Promise<User | undefined> {
      const row = await repo.findUserById(db, id)
      return row ? toUser(row) : undefined
    },

    async login(input: Login, clientAddress: string, replacing: string | undefined): Promise<NewSession> {
      const account = normalizeEmail(input.email)
      // Counted before the password is checked, and given back when it is right: a
      // burst of simultaneous guesses meets the limit like a sequence (issue 13, item 1).
      const [byAccount, byAddress] = await Promise.all([
        loginByAccount.consume(account),
        loginByAddress.consume(clientAddress),
      ])
      if (byAccount > 0 || byAddress > 0) {
        // The attempt was refused, so it spends nothing on the limit that let it through.
        if (byAccount === 0) await loginByAccount.refund(account)
        if (byAddress === 0) await loginByAddress.refund(clientAddress)
        throw tooMany(Math.max(byAccount, byAddress), 'failed sign-in attempts')
      }

      const row = await repo.findUserByEmail(db, account)
      const ok = row?.password_hash
        ? await verifyPassword(row.password_hash, input.password)
        : (await burnPasswordCheck(input.password), false)
      if (!row || !ok) throw new AppError(401, INVALID_LOGIN)
      await Promise.all([loginByAccount.clear(account), loginByAddress.refund(clientAddress)])
      return startSession(toUser(row), replacing)
    },

    /** docs/spec/rulings.md #7: only the verified ID token identifies the person. */
    async googleLogin(credential: string, clientAddress: string, replacing: string | undefined): Promise<NewSession> {
      if (!verifyGoogle) throw new AppError(503, 'Google sign-in is not configured')
      // Counted before the token is checked, like a password, and given back unless the
      // token is refused: exact across instances, and a burst meets the limit too.
      const wait = await loginByAddress.consume(clientAddress)
      if (wait > 0) throw tooMany(wait, 'failed sign-in attempts')

      let identity: GoogleIdentity
      try {
        identity = await verifyGoogle(credential)
      } catch (err) {
        // A rejected token counts like a wrong password; Google being out of reach does not.
        if (!(err instanceof AppError && err.status === 401)) await loginByAddress.refund(clientAddress)
        throw err
      }
      await loginByAddress.refund(clientAddress)
      return startSession(await accountForGoogle(identity), replacing)
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
          passwordResetEmail(mail.store, row.name, mail.url(resetPasswordPath(token))),
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
     * verified (the link reached its inbox).
     */
    async resetPassword(
      input: { token: string; password: string },
      replacing: string | undefined,
    ): Promise<NewSession> {
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
          verifyEmail(mail.store, row.name, mail.url(verifyEmailPath(token))),
          { userId: row.id },
        )
      })
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSession(db, hashToken(token))
    },

    async userForToken(token: string | undefined): Promise<User | null> {
      if (!token || token.length > 100) return null
      const row = await repo.findSessionUser(db, hashToken(token), now())
      return row ? toUser(row) : null
    },

    async pruneSessions(): Promise<number> {
      return repo.deleteExpiredSessions(db, now())
    },

    /** The Account page's header: who this is and whether the account has a password. */
    async account(userId: string): Promise<Account | undefined> {
      const row = await repo.findUserById(db, userId)
      return row && { user: toUser(row), hasPassword: row.password_hash !== null }
    },

    /**
     * A new password, after the current one: this session stays, every other one ends
     * (whoever else holds one no longer gets in). Accounts without a password sign in
     * with Google and have none to change (docs/decisions/012).
     */
    async changePassword(
      userId: string,
      input: ChangePassword,
      keepToken: string | undefined,
      clientAddress: string,
    ): Promise<void> {
      const row = await signedInRow(userId)
      const current = row.password_hash
      if (current === null) {
        throw new AppError(409, 'You sign in with Google, so your account has no password to change')
      }
      await recheckPassword({ ...row, password_hash: current }, input.currentPassword, 'currentPassword', clientAddress)
      const passwordHash = await hashPassword(input.newPassword)
      await db
        .transaction()
        .execute((trx) => repo.setPassword(trx, userId, passwordHash, keepToken ? hashToken(keepToken) : undefined))
    },

    /** Ends every session of the account, this one included. */
    async endAllSessions(userId: string): Promise<number> {
      return repo.deleteSessionsOf(db, userId)
    },

    /**
     * Before an account is deleted: its password (rate-limited like a login), or for an
     * account without one the word DELETE typed out. Admins are not deleted here: the
     * store must not lose its last admin to a click.
     */
    async confirmDeletion(userId: string, input: DeleteAccount, clientAddress: string): Promise<User> {
      const row = await signedInRow(userId)
      if (row.role === 'admin') {
        throw new AppError(403, "An admin account cannot be deleted from the Account page. Ask the store's owner.")
      }
      const current = row.password_hash
      if (current === null) {
        if (input.confirm?.trim().toUpperCase() !== DELETE_CONFIRMATION) {
          const message = `Type ${DELETE_CONFIRMATION} to confirm`
          throw new AppError(400, message, { fields: { confirm: message } })
        }
      } else {
        if (!input.password) {
          throw new AppError(400, 'Password is required', { fields: { password: 'Password is required' } })
        }
        await recheckPassword({ ...row, password_hash: current }, input.password, 'password', clientAddress)
      }
      return toUser(row)
    },

    /** Holds the account's row for the caller's transaction (PostgreSQL); undefined if it is gone. */
    async lockAccount(trx: Executor, userId: string, lock: boolean): Promise<User | undefined> {
      const row = await repo.lockUser(trx, userId, lock)
      return row && toUser(row)
    },

    /** Deletes the account and its sessions, in the caller's transaction (after its orders let go of it). */
    async removeAccount(trx: Executor, userId: string): Promise<void> {
      await repo.deleteSessionsOf(trx, userId)
      await repo.deleteUser(trx, userId)
    },
  }
}
