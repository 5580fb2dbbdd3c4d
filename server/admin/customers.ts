import { ADMIN_PAGE_SIZE, type AdminCustomerPage, type AdminCustomersQuery } from '#contracts/admin.ts'
import * as repo from '#server/admin/repository.ts'
import { likePattern, pageOf, type AdminContext } from '#server/admin/context.ts'

export function createCustomers(ctx: AdminContext) {
  const { db } = ctx

  return {
    /** Customers (not admins), latest order first, with what became of their orders. */
    async customers(query: AdminCustomersQuery): Promise<AdminCustomerPage> {
      const like = query.q ? likePattern(query.q) : null
      const [rows, total] = await Promise.all([
        repo.customerPage(db, like, pageOf(query.page)),
        repo.customerCount(db, like),
      ])
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          lastPhone: r.last_phone ?? null,
          orders: Number(r.orders),
          delivered: Number(r.delivered),
          returned: Number(r.returned),
        })),
        total,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      }
    },
  }
}
