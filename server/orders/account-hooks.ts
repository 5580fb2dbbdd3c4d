import type { Executor } from '#server/db/database.ts'
import { isFinal, orderStatuses } from '#contracts/order-status.ts'
import * as repo from '#server/orders/repository.ts'
import { forgetRequestsOf } from '#server/orders/requests-repository.ts'

// What deleting an account asks of its orders, in the deletion's transaction
// (server/account/ runs it: docs/decisions/012).

const OPEN_STATUSES = orderStatuses.filter((s) => !isFinal(s))

/**
 * What an anonymised order shows instead of its shopper. The city, state and country
 * stay: they name no one and keep the store's numbers by region right.
 */
export const ANONYMISED = {
  first_name: 'Deleted',
  last_name: 'account',
  email: 'deleted-account@invalid',
  street: 'Removed',
  pin_code: '',
  phone: '',
  phone_key: '',
} as const

export function createAccountHooks() {
  return {
    /** The account's orders that are not final yet (still to be packed, shipped or delivered). */
    openCountOf: (trx: Executor, userId: string) => repo.countOrdersOf(trx, userId, OPEN_STATUSES),

    /**
     * An account being deleted: its orders stay for the store's records and numbers, but
     * no longer name, reach or belong to anyone (docs/decisions/012). In the caller's transaction.
     */
    async anonymiseFor(trx: Executor, userId: string): Promise<number> {
      // Its exchange and return requests stay with the orders, cut loose from it too.
      await forgetRequestsOf(trx, userId)
      return repo.anonymiseOrdersOf(trx, userId, ANONYMISED)
    },
  }
}
