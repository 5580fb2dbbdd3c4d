import type { Db, Executor } from '#server/db/database.ts'
import type { UsersTable } from '#server/db/schema.ts'
import type { UserRole } from '#contracts/auth.ts'

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

export async function setRole(db: Executor, userId: string, role: UserRole): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute()
}

export async function insertSession(
  db: Executor,
  session: { token_hash: string; user_id: string; created_at: number; expires_at: number },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute()
}

export function findSessionUser(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.email_verified_at',
      'sessions.created_at as session_created_at',
      'sessions.last_console_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst()
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
    .set((eb) => ({ password_hash: passwordHash, email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)) }))
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
