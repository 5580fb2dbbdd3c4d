import type { Db, Executor } from '#server/db/database.ts'
import { compiledOnce } from '#server/db/compiled.ts'
import type { UsersTable } from '#server/auth/tables.ts'
import type { UserRole } from '#contracts/auth.ts'
import type { Lang } from '#contracts/languages.ts'

export type UserRow = UsersTable

export function findUserByEmail(db: Executor, emailNormalized: string) {
  return db.selectFrom('users').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst()
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findUserByGoogleSub(db: Executor, sub: string) {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst()
}

export async function insertUser(db: Executor, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute()
}

/**
 * Joins a Google identity to an account that has none yet; false when it already has
 * one. The account's password and sessions go with it: Kapra never verified that
 * whoever set that password owned the address, Google just did (docs/decisions/005).
 */
export async function linkGoogleSub(db: Executor, userId: string, sub: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({
      google_sub: sub,
      password_hash: null,
      // Google vouches for the address.
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)),
    }))
    .where('id', '=', userId)
    .where('google_sub', 'is', null)
    .executeTakeFirst()
  const linked = Number(result.numUpdatedRows) > 0
  if (linked) await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
  return linked
}

/** False when there is no such account. */
export async function setLanguage(db: Executor, userId: string, language: Lang): Promise<boolean> {
  const result = await db.updateTable('users').set({ language }).where('id', '=', userId).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function languageOf(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst()
  return row?.language ?? null
}

export async function setRole(db: Executor, userId: string, role: UserRole): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute()
}

export async function insertSession(
  db: Executor,
  session: { token_hash: string; user_id: string; created_at: number; expires_at: number },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute()
}

/** The session's user, if the session is live: every signed-in request asks it, so its SQL is built once. */
const sessionUser = compiledOnce((db, args: { tokenHash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('two_factor', 'two_factor.user_id', 'sessions.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.email_verified_at',
      'sessions.created_at as session_created_at',
      'sessions.last_console_at',
      'two_factor.enabled_at as two_factor_at',
    ])
    .where('sessions.token_hash', '=', args.tokenHash)
    .where('sessions.expires_at', '>', args.now),
)

export async function findSessionUser(db: Db, tokenHash: string, now: number) {
  const [row] = await sessionUser(db, { tokenHash, now })
  return row
}

/** A console request: the admin's session is not idle (written at most once a minute by the caller). */
export async function touchConsole(db: Executor, tokenHash: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ last_console_at: at }).where('token_hash', '=', tokenHash).execute()
}

/** Admins' sessions whose last console request (or start) is at or before `idleSince`. */
export async function deleteIdleAdminSessions(db: Executor, idleSince: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('role', '=', 'admin'))
    .where((eb) => eb(eb.fn.coalesce('last_console_at', 'created_at'), '<=', idleSince))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute()
}

export async function deleteExpiredSessions(db: Executor, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Locks the account's row until the transaction ends (PostgreSQL; SQLite writes one at a time). */
export async function lockUser(db: Executor, userId: string, lock: boolean) {
  let query = db.selectFrom('users').selectAll().where('id', '=', userId)
  if (lock) query = query.forUpdate()
  return query.executeTakeFirst()
}

/** A new password; every session of the account but `keep` ends with the old one. */
export async function setPassword(db: Executor, userId: string, passwordHash: string, keep: string | undefined) {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keep) sessions = sessions.where('token_hash', '<>', keep)
  await sessions.execute()
}

/** Every session of the account but `keep`'s (the one making the change). */
export async function deleteOtherSessions(db: Executor, userId: string, keep: string | undefined): Promise<void> {
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keep) sessions = sessions.where('token_hash', '<>', keep)
  await sessions.execute()
}

export async function deleteSessionsOf(db: Executor, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute()
}

/** A new password from a reset link: the address is proven too (the caller ends the sessions). */
export async function setResetPassword(db: Executor, userId: string, passwordHash: string, at: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)),
      // The link reached the inbox: this password is the address's owner's.
      password_proven_at: at,
    }))
    .where('id', '=', userId)
    .execute()
}

export async function markEmailVerified(db: Executor, userId: string, at: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: at })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute()
}

export async function insertReset(
  db: Executor,
  reset: { token_hash: string; user_id: string; created_at: number; expires_at: number },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ ...reset, used_at: null })
    .execute()
}

export function findReset(db: Executor, tokenHash: string) {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** Spends a reset token: false when it was spent first by another request. */
export async function spendReset(db: Executor, tokenHash: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Every other link the account was sent stops working once one is used. */
export async function spendResetsOf(db: Executor, userId: string, at: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

/** Tokens past their hour; spent ones stay until then, so a second use is told it was used. */
export async function deleteStaleResets(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute()
}

// ---- Two-factor sign-in (docs/decisions/015) ----

export function findTwoFactor(db: Executor, userId: string) {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** A setup shown to the admin: a new pending secret, the confirmed one (if any) kept. */
export async function setPendingSecret(db: Executor, userId: string, secret: string, at: number): Promise<void> {
  await db
    .insertInto('two_factor')
    .values({
      user_id: userId,
      secret: null,
      enabled_at: null,
      last_step: null,
      pending_secret: secret,
      pending_at: at,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: secret, pending_at: at }))
    .execute()
}

/** The pending secret becomes the account's, with `step` as its first accepted code; false if it changed meanwhile. */
export async function confirmPendingSecret(
  db: Executor,
  userId: string,
  secret: string,
  step: number,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ secret, enabled_at: at, last_step: step, pending_secret: null, pending_at: null })
    .where('user_id', '=', userId)
    .where('pending_secret', '=', secret)
    .where('secret', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Spends the code of `step`: false when that step or a later one was accepted first (a replay). */
export async function spendTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('secret', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute()
}

/** Spends a recovery code: false when it is not the account's or was used. */
export async function spendRecoveryCode(db: Executor, userId: string, codeHash: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Everything two-factor of the account: its secret, pending setup, recovery codes and waiting challenges. */
export async function clearTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('two_factor').where('user_id', '=', userId).executeTakeFirst()
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute()
  return Number(result.numDeletedRows) > 0
}

export async function insertChallenge(
  db: Executor,
  challenge: { token_hash: string; user_id: string; password_mark: string; created_at: number; expires_at: number },
): Promise<void> {
  await db.insertInto('login_challenges').values(challenge).execute()
}

export function findChallenge(db: Executor, tokenHash: string) {
  return db.selectFrom('login_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

export async function deleteChallenge(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('login_challenges').where('token_hash', '=', tokenHash).execute()
}

export async function deleteExpiredChallenges(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('login_challenges').where('expires_at', '<=', now).execute()
}
