import type { User } from '#contracts/auth.ts'
import type { AuditEntry } from '#contracts/admin.ts'
import type { AdminDiscount, AdminDiscountInput, AdminDiscountPage } from '#contracts/discounts.ts'
import type { AdminContext } from '#server/admin/context.ts'

// The console's discount codes (docs/decisions/026): the list, one code with its history,
// and every write (create, change, end now) with its audit entry in one transaction.

export function createDiscounts(ctx: AdminContext) {
  const { db, discounts, auditOf, writeAudit } = ctx

  return {
    discounts: (page: number): Promise<AdminDiscountPage> => discounts.list(page),

    async discount(id: string): Promise<AdminDiscount & { audit: AuditEntry[] }> {
      return { ...(await discounts.get(db, id)), audit: await auditOf('discount', id) }
    },

    createDiscount: (input: AdminDiscountInput, admin: User): Promise<AdminDiscount> =>
      db.transaction().execute(async (trx) => {
        const made = await discounts.create(trx, input)
        await writeAudit(trx, admin, 'discount', made.id, 'create', null, made)
        return made
      }),

    updateDiscount: (id: string, input: AdminDiscountInput, admin: User): Promise<AdminDiscount> =>
      db.transaction().execute(async (trx) => {
        const before = await discounts.get(trx, id)
        const after = await discounts.update(trx, id, input)
        await writeAudit(trx, admin, 'discount', id, 'update', before, after)
        return after
      }),

    endDiscount: (id: string, admin: User): Promise<AdminDiscount> =>
      db.transaction().execute(async (trx) => {
        const before = await discounts.get(trx, id)
        const after = await discounts.endNow(trx, id)
        await writeAudit(trx, admin, 'discount', id, 'end', before, after)
        return after
      }),
  }
}
