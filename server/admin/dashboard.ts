import { LOW_STOCK, type AdminDashboard } from '#contracts/admin.ts'
import { DAY_MS, karachiDayStartOf } from '#contracts/store-days.ts'
import * as repo from '#server/admin/repository.ts'
import * as returns from '#server/admin/returns-repository.ts'
import type { AdminContext } from '#server/admin/context.ts'

/** How many low sizes the dashboard lists. */
const LOW_STOCK_ROWS = 20
/** How many of the most used discount codes it lists. */
const TOP_CODES = 5
/** How many of the reasons parcels came back it lists. */
const TOP_REASONS = 5
/** Karachi is UTC+5 all year: its days start at 19:00 UTC. */
const KARACHI_OFFSET_MS = 5 * 60 * 60_000

export function createDashboard(ctx: AdminContext) {
  const { db, now } = ctx

  return {
    /** Today's and the week's orders, the queue, and the last 30 days' money and returns, in Karachi days. */
    async dashboard(): Promise<AdminDashboard> {
      const today = karachiDayStartOf(now())
      const month = today - 29 * DAY_MS
      const [figures, low, codes, byDay, reasons] = await Promise.all([
        repo.dashboardFigures(db, { today, week: today - 6 * DAY_MS, month }),
        repo.lowStock(db, LOW_STOCK, LOW_STOCK_ROWS),
        repo.discountFigures(db, month, TOP_CODES),
        returns.settledByDay(db, month),
        returns.returnReasons(db, month, TOP_REASONS),
      ])
      const days = new Map(byDay.map((d) => [Number(d.day), d]))
      const firstDay = Math.round((month + KARACHI_OFFSET_MS) / DAY_MS)
      const settled = figures.delivered + figures.returned
      return {
        ordersToday: figures.today,
        ordersLast7Days: figures.week,
        awaitingConfirmation: figures.awaiting,
        placedValue: figures.placedValue,
        collectedValue: figures.collectedValue,
        returnRate30d: settled === 0 ? null : figures.returned / settled,
        lowStock: low.map((s) => ({ productId: s.product_id, name: s.name, size: s.size, stock: s.stock })),
        discountsGiven30d: codes.given,
        topCodes: codes.top,
        returnsByDay: Array.from({ length: 30 }, (_, i) => {
          const d = days.get(firstDay + i)
          return {
            day: new Date((firstDay + i) * DAY_MS).toISOString().slice(0, 10),
            delivered: Number(d?.delivered ?? 0),
            returned: Number(d?.returned ?? 0),
          }
        }),
        topReturnReasons: reasons.map((r) => ({ reason: r.reason, count: Number(r.n) })),
      }
    },

    /** The rupees codes took off the orders of the last 30 Karachi days not cancelled, as the dashboard counts them (the store's metrics). */
    async discountsGiven30d(): Promise<number> {
      return (await repo.discountFigures(db, karachiDayStartOf(now()) - 29 * DAY_MS, 1)).given
    },
  }
}
