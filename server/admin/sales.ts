import type { User } from '#contracts/auth.ts'
import type { AuditEntry } from '#contracts/admin.ts'
import type { Sale, SaleInput, SalePage, SaleUpdate } from '#contracts/sales.ts'
import { AppError } from '#server/http/errors.ts'
import type { AdminContext } from '#server/admin/context.ts'

// The console's sales (docs/decisions/025): the list, one sale with its history, a new
// one, a change and "End now". Each write and its audit entry commit in one
// transaction; then the prices it moves are brought, a batch of products a transaction
// (docs/decisions/052), before the answer; then every instance drops what it kept (the
// repricing tells them when it ran; else the write does).

export function createSalesAdmin(ctx: AdminContext) {
  const { db, catalog, auditOf, writeAudit } = ctx

  async function sale(id: string): Promise<Sale & { audit: AuditEntry[] }> {
    const found = await catalog.sales.sale(id)
    if (!found) throw new AppError(404, 'Sale not found')
    return { ...found, audit: await auditOf('sale', id) }
  }

  return {
    sales: (page: number): Promise<SalePage> => catalog.sales.sales(page),

    sale,

    async createSale(input: SaleInput, admin: User): Promise<Sale> {
      const created = await db.transaction().execute(async (trx) => {
        const made = await catalog.sales.createSale(trx, input)
        await writeAudit(trx, admin, 'sale', made.id, 'create', null, auditView(made))
        return made
      })
      if (!(await catalog.sales.bringPrices())) catalog.invalidate()
      return created
    },

    /** Changes a sale, or ends it now (`{ end: true }`). */
    async updateSale(id: string, update: SaleUpdate, admin: User): Promise<Sale> {
      const saved = await db.transaction().execute(async (trx) => {
        const before = await catalog.sales.sale(id, trx)
        if (!before) throw new AppError(404, 'Sale not found')
        const after = await catalog.sales.updateSale(trx, id, update)
        if (!after) throw new AppError(404, 'Sale not found')
        const was = auditView(before)
        const now = auditView(after)
        const changed = (Object.keys(now) as (keyof typeof now)[]).filter(
          (k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]),
        )
        if (changed.length)
          await writeAudit(
            trx,
            admin,
            'sale',
            id,
            update.end ? 'end' : 'update',
            Object.fromEntries(changed.map((k) => [k, was[k]])),
            Object.fromEntries(changed.map((k) => [k, now[k]])),
          )
        return after
      })
      if (!(await catalog.sales.bringPrices())) catalog.invalidate()
      return saved
    },
  }
}

/** What the audit log keeps of a sale: what the owner set. */
function auditView(s: Sale) {
  return {
    name: s.name,
    percentOff: s.percentOff,
    scope: s.scope,
    productIds: s.productIds,
    category: s.category,
    subCategory: s.subCategory,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
  }
}
