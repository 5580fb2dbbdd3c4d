import { parse } from 'csv-parse/sync'
import type { User } from '#contracts/auth.ts'
import type { AdminOrderDetail, AdminStatusMove } from '#contracts/admin.ts'
import { adminBulkShipSchema, type AdminBulkShip, type AdminBulkShipResult } from '#contracts/shipping.ts'
import { parseForm } from '#contracts/parse.ts'
import { orderNumber } from '#contracts/orders.ts'
import { AppError } from '#server/http/errors.ts'
import * as repo from '#server/admin/shipping-repository.ts'
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
 * ignored. A line whose first cell holds no digit (a header) is skipped, as are empty lines.
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
  // A header names its columns in words: no digit in its first cell (a file's header, even after a pasted list).
  return lines.filter((l) => /\d/.test(l.order))
}

export function createShipping(
  ctx: AdminContext,
  moveOrder: (id: string, move: AdminStatusMove, admin: User) => Promise<AdminOrderDetail>,
) {
  const { db } = ctx

  /**
   * Marks each listed Packing order Shipped with the courier and its tracking number. The
   * whole list is checked first: an order that is not in Packing (or not found) refuses the
   * list with 422, naming it, and nothing moves. Then each order is moved in its own
   * transaction, with its audit entry and its email, as the order page moves it; one that
   * another move took meanwhile is reported, not shipped.
   */
  async function shipMany(input: AdminBulkShip, admin: User): Promise<AdminBulkShipResult> {
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
  }

  return {
    shipMany,

    /**
     * The console's form: a pasted or uploaded list (readShipmentList) shipped with one
     * courier as shipMany ships it; a line that is wrong is refused with 400 naming its line.
     */
    async shipList(courier: string, list: string, admin: User): Promise<AdminBulkShipResult> {
      const lines = readShipmentList(list)
      if (lines.length === 0)
        throw new AppError(400, 'Paste or upload at least one line: order number, tracking number', {
          fields: { list: 'Paste or upload at least one line: order number, tracking number' },
        })
      const parsed = parseForm(adminBulkShipSchema, {
        courier,
        shipments: lines.map((l) => ({ order: l.order, trackingNumber: l.trackingNumber })),
      })
      if (!parsed.success) {
        const [key = '', message = parsed.message] = Object.entries(parsed.fieldErrors)[0] ?? []
        const at = /^shipments\.(\d+)\./.exec(key)
        const line = at ? lines[Number(at[1])]?.line : undefined
        throw new AppError(400, line === undefined ? message : `Line ${line}: ${message}`)
      }
      return shipMany(parsed.data, admin)
    },
  }
}
