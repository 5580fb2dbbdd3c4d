import { randomUUID } from 'node:crypto'
import type { Db, Dialect, Executor } from '#server/db/database.ts'
import {
  MAX_SAVED_ADDRESSES,
  type DeleteAccount,
  type SavedAddress,
  type SavedAddressInput,
} from '#contracts/account.ts'
import type { Address } from '#contracts/orders.ts'
import { AppError } from '#server/http/errors.ts'
import type { AuthService } from '#server/auth/service.ts'
import type { CartService } from '#server/cart/service.ts'
import type { OrderService } from '#server/orders/service.ts'
import type { NewsletterService } from '#server/newsletter/service.ts'
import type { ReviewService } from '#server/reviews/service.ts'
import type { MailService } from '#server/mail/service.ts'
import * as repo from '#server/account/repository.ts'

export type AccountService = ReturnType<typeof createAccountService>

/** What happened to the address a shopper asked the checkout to save. */
export type CheckoutSave = 'saved' | 'known' | 'full'

const NOT_FOUND = 'Address not found'
const FULL = `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`

/**
 * The shopper's account (the Account page and /api/user/): saved delivery addresses,
 * and deleting the account, which asks each domain to let go of it in one transaction.
 */
export function createAccountService(
  db: Db,
  dialect: Dialect,
  domains: {
    auth: AuthService
    cart: CartService
    orders: OrderService
    newsletter: NewsletterService
    mail: MailService
    reviews: ReviewService
  },
  now: () => number = Date.now,
) {
  const { auth, cart, orders, newsletter, mail, reviews } = domains
  const lock = dialect === 'postgres'

  /**
   * The account's row is held first, so two requests of one account (an add in two
   * tabs, an add during deletion) take turns and the cap is counted right.
   */
  async function withAccount<T>(userId: string, run: (trx: Executor) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      if (!(await auth.lockAccount(trx, userId, lock))) throw new AppError(401, 'Please log in to continue')
      return run(trx)
    })
  }

  async function add(trx: Executor, userId: string, address: Address, makeDefault: boolean): Promise<string> {
    const count = await repo.countAddressesOf(trx, userId)
    if (count >= MAX_SAVED_ADDRESSES) throw new AppError(409, FULL)
    const at = now()
    const id = randomUUID()
    await repo.insertAddress(trx, {
      id,
      user_id: userId,
      ...columns(address),
      is_default: 0,
      created_at: at,
      updated_at: at,
    })
    // The first address is the default: the checkout fills it in.
    if (makeDefault || count === 0) await repo.setDefaultAddress(trx, userId, id)
    return id
  }

  async function one(exec: Executor, userId: string, id: string): Promise<SavedAddress> {
    const row = id.length <= 100 ? await repo.addressOf(exec, userId, id) : undefined
    // Another account's address is answered as if it did not exist.
    if (!row) throw new AppError(404, NOT_FOUND)
    return toSavedAddress(row)
  }

  return {
    /** The default first, then the oldest first. */
    async addresses(userId: string): Promise<SavedAddress[]> {
      return (await repo.addressesOf(db, userId)).map(toSavedAddress)
    },

    address: (userId: string, id: string) => one(db, userId, id),

    async addAddress(userId: string, input: SavedAddressInput): Promise<SavedAddress> {
      return withAccount(userId, async (trx) => {
        const id = await add(trx, userId, input, input.isDefault === true)
        return one(trx, userId, id)
      })
    },

    async updateAddress(userId: string, id: string, input: SavedAddressInput): Promise<SavedAddress> {
      return withAccount(userId, async (trx) => {
        if (id.length > 100 || !(await repo.updateAddress(trx, userId, id, { ...columns(input), updated_at: now() })))
          throw new AppError(404, NOT_FOUND)
        if (input.isDefault === true) await repo.setDefaultAddress(trx, userId, id)
        return one(trx, userId, id)
      })
    },

    async setDefaultAddress(userId: string, id: string): Promise<SavedAddress> {
      return withAccount(userId, async (trx) => {
        await one(trx, userId, id)
        await repo.setDefaultAddress(trx, userId, id)
        return one(trx, userId, id)
      })
    },

    /** When the default goes, the oldest address left becomes the default. */
    async deleteAddress(userId: string, id: string): Promise<void> {
      await withAccount(userId, async (trx) => {
        const found = await one(trx, userId, id)
        await repo.deleteAddress(trx, userId, id)
        if (found.isDefault) {
          const next = await repo.oldestAddressOf(trx, userId)
          if (next) await repo.setDefaultAddress(trx, userId, next.id)
        }
      })
    },

    /**
     * "Save this address" at checkout, run after the order has committed: the order
     * never waits on or fails because of it (docs/decisions/012). An address saved
     * already is not saved twice; a full address book is reported, not an error.
     */
    async saveFromCheckout(userId: string, address: Address): Promise<CheckoutSave> {
      return withAccount(userId, async (trx) => {
        if (await repo.sameAddress(trx, userId, columns(address))) return 'known'
        if ((await repo.countAddressesOf(trx, userId)) >= MAX_SAVED_ADDRESSES) return 'full'
        await add(trx, userId, address, false)
        return 'saved'
      })
    },

    /**
     * Deletes the account (docs/decisions/012): after its password (or DELETE typed
     * out), in one transaction, refused while an order is still on its way. Its orders
     * stay anonymised; its sessions, cart, addresses, newsletter subscription and reviews go.
     */
    async deleteAccount(userId: string, input: DeleteAccount, clientAddress: string): Promise<void> {
      const user = await auth.confirmDeletion(userId, input, clientAddress)
      const afterward = await withAccount(userId, async (trx) => {
        const open = await orders.openCountOf(trx, userId)
        if (open > 0) {
          throw new AppError(
            409,
            open === 1
              ? 'You have an order that is not finished yet. Cancel it or wait until it arrives, then delete your account.'
              : `You have ${open} orders that are not finished yet. Cancel them or wait until they arrive, then delete your account.`,
          )
        }
        await orders.anonymiseFor(trx, userId)
        await cart.clearFor(trx, userId)
        await repo.deleteAddressesOf(trx, userId)
        await newsletter.forget(trx, user.email)
        // Its email goes too, sent or not: a reset or verification link outlives no account.
        await mail.forget(trx, { userId, email: user.email })
        // Its reviews go, and the stars of the products it had reviewed are counted again.
        const afterward = await reviews.forget(trx, userId)
        await auth.removeAccount(trx, userId)
        return afterward
      })
      await afterward()
    },
  }
}

function columns(a: Address) {
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    email: a.email,
    street: a.street,
    city: a.city,
    state: a.state,
    pin_code: a.pinCode,
    country: a.country,
    phone: a.phone,
  }
}

function toSavedAddress(row: repo.SavedAddressRow): SavedAddress {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    street: row.street,
    city: row.city,
    state: row.state,
    pinCode: row.pin_code,
    country: row.country,
    phone: row.phone,
    isDefault: row.is_default === 1,
  }
}
