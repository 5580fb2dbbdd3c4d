import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import { AppError, parseWith } from '#server/http/errors.ts'
import { normalizeEmail } from '#contracts/fields.ts'
import {
  registrationSchema,
  type Login,
  type LoginCode,
  type Registration,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type User,
  type UserRole,
} from '#contracts/auth.ts'
import { DELETE_CONFIRMATION, type Account, type ChangePassword, type DeleteAccount } from '#contracts/account.ts'
import type { Executor } from '#server/db/database.ts'
import { burnPasswordCheck, hashPassword, verifyPassword } from '#server/auth/passwords.ts'
import { RateLimiter } from '#server/limits/rate-limit.ts'
import * as repo from '#server/auth/repository.ts'
import { createGoogleVerifier, type GoogleIdentity, type GoogleVerifier } from '#server/auth/google.ts'
import { createLogger, errorFields, type Logger } from '#server/http/logger.ts'
import type { LimitStore } from '#server/limits/stores.ts'
import type { MailService } from '#server/mail/service.ts'
import { passwordResetEmail, verifyEmail, welcomeEmail } from '#server/mail/templates.ts'
import {
  hashRecoveryCode,
  isRecoveryCodeShape,
  newRecoveryCode,
  newTotpSecret,
  normalizeCode,
  RECOVERY_CODES,
  totpCodeStep,
  totpSetup,
} from '#server/auth/totp.ts'

export interface NewSession {
  token: string
  expiresAt: number
  user: User
}

const INVALID_LOGIN = 'Invalid email or password'

/** A correct password of an account with two-factor sign-in, sent without its code (docs/decisions/015). */
export interface TwoFactorStep {
  twoFactorRequired: true
  message: string
  /** The Login page's challenge for its code step, when asked for. */
  challenge?: string
}

export const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app to finish signing in.'
const WRONG_CODE = 'That code is not right. Enter the newest code from your authenticator app, or a recovery code.'
const CHALLENGE_EXPIRED = 'This sign-in has expired. Please log in again.'
const WRONG_SETUP_CODE = 'That code is not right. Check that the app shows Kapra’s new entry and enter its newest code.'
const GOOGLE_WITH_TWO_FACTOR =
  'This account signs in with its password and a code from your authenticator app. Please log in with your email and password.'
const NEEDS_PASSWORD =
  'Two-factor sign-in goes with a password, and this account signs in with Google only. Set a password first: log out, choose "Forgot password?" on the login page and open the link it sends.'
const ALREADY_ENROLLED = 'Two-factor sign-in is already on for this account.'

/** The Login page's code step waits this long for the code (docs/decisions/015). */
export const LOGIN_CHALLENGE_MS = 5 * 60_000
/** A setup not confirmed within this time is replaced by a new secret. */
const PENDING_SETUP_MS = 60 * 60_000

/** What binds a challenge to the password it was given with: a new password voids it. */
const passwordMark = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex')

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

/** An admin's console requests are written to the session at most this often. */
const CONSOLE_TOUCH_MS = 60_000

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
        // Linking would drop the account's password; one with two-factor sign-in keeps it.
        await refuseGoogleWithTwoFactor(sameEmail.id)
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
        password_proven_at: null,
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
      // Registration proves nothing of the address; the store's CLI creating an admin does.
      password_proven_at: role === 'admin' ? now() : null,
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
    // Counted before the check and given back when it is right, like a login (docs/decisions/013).
    await consumeBoth(passwordCheckByAccount, row.id, clientAddress, 'wrong passwords')
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

  /** Google sign-in never skips the code: an account with two-factor sign-in uses its password (docs/decisions/015). */
  async function refuseGoogleWithTwoFactor(userId: string): Promise<void> {
    if (await enrolledSecret(userId)) throw new AppError(403, GOOGLE_WITH_TWO_FACTOR)
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
     * refused, never taken over. Whoever registered it first may not be the owner of
     * the address (docs/decisions/019), so the answer does not offer to promote it as it is.
     */
    async createAdmin(input: { name: string; email: string; password: string }): Promise<User> {
      const valid = parseWith(registrationSchema, input)
      return addAccount(
        valid,
        'admin',
        `An account with the email ${valid.email} already exists, and whoever registered it holds its password. ` +
          `If the address is yours: on the store's login page choose "Forgot password?" and open the link ` +
          `that arrives there (it verifies the address, sets a password of yours and ends every other session), ` +
          `then run: npm run admin -- promote --email ${valid.email}`,
        // A new account has no sessions; the rule is the same as promote's all the same.
        (trx, row) => repo.deleteSessionsOf(trx, row.id).then(() => undefined),
      )
    },

    /**
     * Makes an existing account an admin (the store's CLI); unknown addresses answer 404.
     * Only an account whose address is verified: registration proves nothing, so anyone
     * could register the owner's address first and wait (docs/decisions/019). Every
     * session of the account ends with the change, so what was signed in before it
     * never reaches the console.
     */
    async promote(email: string): Promise<{ user: User; changed: boolean }> {
      const row = await repo.findUserByEmail(db, normalizeEmail(email))
      if (!row) throw new AppError(404, `No account has the email ${email.trim()}`)
      if (row.role === 'admin') return { user: toUser(row), changed: false }
      // Whoever registered the address first may hold the password while the owner holds
      // the inbox, and a verification link opened by the owner proves nothing of the
      // password: only a password set through a reset link (or none at all, signing in
      // with Google) is the owner's for sure.
      if (row.email_verified_at === null || (row.password_hash !== null && row.password_proven_at === null)) {
        throw new AppError(
          409,
          `The account ${row.email} has ${row.email_verified_at === null ? 'not verified its email address' : 'a password that was not set through its email'}, ` +
            `so nothing shows that whoever holds its password owns that address. First, on the store's login page ` +
            `choose "Forgot password?" for ${row.email} and set a new password through the link that arrives there ` +
            `(it verifies the address and ends every other session). Then run promote again.`,
        )
      }
      await db.transaction().execute(async (trx) => {
        await repo.setRole(trx, row.id, 'admin')
        await repo.deleteSessionsOf(trx, row.id)
      })
      return { user: toUser({ ...row, role: 'admin' }), changed: true }
    },

    /** Takes the admin role back (the store's CLI): the account is a customer again and every session of it ends. */
    async demote(email: string): Promise<{ user: User; changed: boolean }> {
      const row = await repo.findUserByEmail(db, normalizeEmail(email))
      if (!row) throw new AppError(404, `No account has the email ${email.trim()}`)
      if (row.role !== 'admin') return { user: toUser(row), changed: false }
      await db.transaction().execute(async (trx) => {
        await repo.setRole(trx, row.id, 'customer')
        await repo.deleteSessionsOf(trx, row.id)
        // Shoppers never meet a code step; promoted again, it enrols again.
        await repo.clearTwoFactor(trx, row.id)
      })
      return { user: toUser({ ...row, role: 'customer' }), changed: true }
    },

    /** The account behind an id (the console shows an order's customer). */
    async userById(id: string): Promise<User | undefined> {
      const row = await repo.findUserById(db, id)
      return row ? toUser(row) : undefined
    },

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
      const user = await accountForGoogle(identity)
      await refuseGoogleWithTwoFactor(user._id)
      return startSession(user, replacing)
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
          verifyEmail(mail.store, row.name, mail.url(verifyEmailPath(token))),
          { userId: row.id },
        )
      })
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSession(db, hashToken(token))
    },

    sessionFor,

    async userForToken(token: string | undefined, options: { console?: boolean } = {}): Promise<User | null> {
      return (await sessionFor(token, options))?.user ?? null
    },

    // ---- Two-factor sign-in for admins (docs/decisions/015) ----

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

    /**
     * `npm run admin -- reset-2fa`: a lost phone. Two-factor sign-in is off for the account
     * (its secret, recovery codes and waiting sign-ins gone) and every session of it ends.
     */
    async resetTwoFactor(email: string): Promise<{ user: User; changed: boolean }> {
      const row = await repo.findUserByEmail(db, normalizeEmail(email))
      if (!row) throw new AppError(404, `No account has the email ${email.trim()}`)
      const changed = await db.transaction().execute(async (trx) => {
        const cleared = await repo.clearTwoFactor(trx, row.id)
        await repo.deleteSessionsOf(trx, row.id)
        return cleared
      })
      return { user: toUser(row), changed }
    },

    async pruneSessions(): Promise<number> {
      const at = now()
      await repo.deleteExpiredChallenges(db, at)
      return (
        (await repo.deleteExpiredSessions(db, at)) + (await repo.deleteIdleAdminSessions(db, at - config.adminIdleMs))
      )
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
