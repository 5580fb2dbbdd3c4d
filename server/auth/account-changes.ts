import { AppError } from '#server/http/errors.ts'
import type { User } from '#contracts/auth.ts'
import { DELETE_CONFIRMATION, type Account, type ChangePassword, type DeleteAccount } from '#contracts/account.ts'
import type { Executor } from '#server/db/database.ts'
import { isLang, type Lang } from '#contracts/languages.ts'
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts'
import * as repo from '#server/auth/repository.ts'
import { hashToken, toUser, type AuthContext } from '#server/auth/context.ts'

// The signed-in account: its header, its password, its sessions, and what deleting it
// asks of auth (server/account/ runs the deletion: docs/decisions/012).

export function createAccountChanges(ctx: AuthContext) {
  const { db, loginByAddress, passwordCheckByAccount, consumeBoth, signedInRow } = ctx

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

  return {
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

    /**
     * The store's language the shopper chose (the storefront's language switch): what the
     * store writes to them goes out in it from now on, their orders' emails included.
     */
    async setLanguage(userId: string, language: Lang): Promise<void> {
      // Pages pass what a form or a URL said; only a language the store speaks is kept.
      if (!isLang(language)) throw new AppError(400, 'Unknown language', { fields: { language: 'Unknown language' } })
      if (!(await repo.setLanguage(db, userId, language))) throw new AppError(401, 'Please log in to continue')
    },

    /** The account's chosen language, or null (none chosen, or no such account); `exec` is the caller's transaction. */
    async languageOf(exec: Executor, userId: string): Promise<Lang | null> {
      const language = await repo.languageOf(exec, userId)
      return isLang(language) ? language : null
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
