import { AppError, parseWith } from '#server/http/errors.ts'
import { normalizeEmail } from '#contracts/fields.ts'
import { registrationSchema, type User } from '#contracts/auth.ts'
import * as repo from '#server/auth/repository.ts'
import { toUser, type AuthContext } from '#server/auth/context.ts'

// Admin accounts, for the store's CLI (docs/spec/rulings.md #25, docs/decisions/019),
// and the console's look-up of an order's customer.

export function createAdminAccounts(ctx: AuthContext) {
  const { db, addAccount } = ctx

  return {
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
  }
}
