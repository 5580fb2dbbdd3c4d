import { parse } from 'csv-parse/sync'
import type { User } from '#contracts/auth.ts'
import type { AdminOrderDetail, AdminStatusMove } from '#contracts/admin.ts'
import type { AdminBulkShip, AdminBulkShipResult } from '#contracts/shipping.ts'
import { orderNumber } from '#contracts/orders.ts'
import { AppError } from '#server/http/errors.ts'
import * as repo from '#server/admin/repository.ts'
import type { AdminContext } from '#server/admin/context.ts'

// Packing orders marked Shipped in bulk (README, "Booking with a courier"): the courier's
// portal books the parcels and answers each order's tracking number; the owner pastes or
// uploads that list, and every order is moved as one move of the console would move it.

/** A line of a pasted or uploaded list, as read: its order number and tracking number, or what is wrong. */
export interface ListLine {
  line: number
  order: string
  trackingNumber: string
}

/**
 * Reads a list of "order number, tracking number", one a line, separated by a comma, a tab or
 * a semicolon (a spreadsheet's copy, a courier portal's CSV); cells past the second are
 * ignored. A first line that names no order (a header) is skipped, as are empty lines.
 */
export function readShipmentList(text: string): ListLine[] {
  // With `info`, each record comes with where it was read (csv-parse's types do not say so).
  const records = parse(text, {
    delimiter: [',', '\t', ';'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[]
  const lines = records
    .map(({ record, info }) => {
      const [order = '', trackingNumber = ''] = record.filter((c) => c !== '')
      return { line: info.lines, order, trackingNumber }
    })
    .filter((l) => l.order !== '' || l.trackingNumber !== '')
  const first = lines[0]
  if (first && !/^#?\s*[0-9a-f]{8}$/i.test(first.order)) lines.shift()
  return lines
}

export function createShipping(
  ctx: AdminContext,
  moveOrder: (id: string, move: AdminStatusMove, admin: User) => Promise<AdminOrderDetail>,
) {
  const { db } = ctx

  return {
    /**
     * Marks each listed Packing order Shipped with the courier and its tracking number. The
     * whole list is checked first: an order that is not in Packing (or not found) refuses
     * the list with 422, naming its lines, and nothing moves. Then each order is moved in
     * its own transaction, with its audit entry and its email, as the order page moves it;
     * one that another move took meanwhile is reported, not shipped.
     */
    async shipMany(input: AdminBulkShip, admin: User): Promise<AdminBulkShipResult> {
      const found = await repo.packingByNumbers(
        db,
        input.shipments.map((s) => s.order),
      )
      const ids = new Map<string, string[]>()
      for (const row of found) ids.set(row.number, [...(ids.get(row.number) ?? []), row.id])
      const fields: Record<string, string> = {}
      input.shipments.forEach((s, i) => {
        const match = ids.get(s.order) ?? []
        const number = `#${s.order.toUpperCase()}`
        if (match.length === 0) fields[`shipments.${i}.order`] = `${number} is not an order in Packing`
        else if (match.length > 1) fields[`shipments.${i}.order`] = `${number} names more than one order in Packing`
      })
      const wrong = Object.values(fields)
      if (wrong.length > 0) throw new AppError(422, `Nothing was shipped: ${wrong.join('; ')}`, { fields })
      const result: AdminBulkShipResult = { shipped: [], failed: [] }
      for (const s of input.shipments) {
        const id = ids.get(s.order)![0]!
        try {
          const moved = await moveOrder(
            id,
            { to: 'Shipped', courier: input.courier, trackingNumber: s.trackingNumber },
            admin,
          )
          result.shipped.push({
            id,
            number: orderNumber(id),
            trackingNumber: s.trackingNumber,
            trackingUrl: moved.order.trackingUrl,
          })
        } catch (err) {
          if (!(err instanceof AppError) || err.status !== 409) throw err
          result.failed.push({ number: orderNumber(id), message: err.message })
        }
      }
      return result
    },
  }
}
