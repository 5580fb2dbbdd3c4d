// The store owner's console (docs/spec/rulings.md #25): what /api/admin/ takes and answers.
import { z } from '#contracts/zod.ts'
import { orderStatuses, type OrderStatus } from '#contracts/order-status.ts'
import type { Order } from '#contracts/orders.ts'
import { karachiDayStart } from '#contracts/store-days.ts'

/** Rows a console page shows. */
export const ADMIN_PAGE_SIZE = 20
/** A size at or below this many pieces is running low (the dashboard's list, the product page's note). */
export { LOW_STOCK } from '#contracts/catalog.ts'

const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, 'page must be a whole number from 1')
  .transform(Number)
  .refine((n) => n >= 1, 'page must be a whole number from 1')
  .default(1)

const searchParam = z
  .string()
  .max(100, 'q must be at most 100 characters')
  .transform((q) => q.trim())
  .default('')

const dateParam = (name: string) =>
  z
    .string()
    .refine((d) => karachiDayStart(d) !== undefined, `${name} must be a date as YYYY-MM-DD`)
    .optional()

/**
 * GET /api/admin/orders?status=&q=&from=&to=&page=: the queue. The status defaults to
 * Order Placed (awaiting confirmation); from and to are Karachi dates, both included.
 */
export const adminOrdersQuerySchema = z
  .object({
    status: z
      .enum(orderStatuses, { error: `status must be one of: ${orderStatuses.join(', ')}` })
      .default('Order Placed'),
    q: searchParam,
    from: dateParam('from'),
    to: dateParam('to'),
    page: pageParam,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'to must not be before from', path: ['to'] })
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>

/** GET /api/admin/customers?q=&page=. */
export const adminCustomersQuerySchema = z.object({ q: searchParam, page: pageParam })
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>

const detailText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`)

/** POST /api/admin/orders/:id/status: Shipped needs the courier and the tracking number. */
export const adminStatusMoveSchema = z.object({
  to: z.enum(orderStatuses, { error: `to must be one of: ${orderStatuses.join(', ')}` }),
  courier: detailText('courier', 60).optional(),
  trackingNumber: detailText('trackingNumber', 60).optional(),
  note: z.string({ error: 'note must be text' }).trim().max(500, 'note must be at most 500 characters').optional(),
})
export type AdminStatusMove = z.infer<typeof adminStatusMoveSchema>

/** One order in the queue. */
export interface AdminOrderRow {
  id: string
  /** '#1A2B3C4D' (contracts/orders.ts orderNumber). */
  number: string
  status: OrderStatus
  /** Placed at, epoch milliseconds. */
  date: number
  /** The delivery name: first and last. */
  name: string
  phone: string
  city: string
  amount: number
  /** Pieces in the order (the sum of its lines' quantities). */
  itemCount: number
}

export interface AdminOrderPage {
  items: AdminOrderRow[]
  /** Orders of the chosen status that match q, from and to. */
  total: number
  page: number
  pageSize: number
  /** For the tabs: the orders of each status that match q, from and to. */
  counts: Record<OrderStatus, number>
}

/** What an admin did: a move of an order's status, or (later) a change of a product. */
export interface AuditEntry {
  id: string
  at: number
  actor: { id: string; name: string }
  entity: 'order' | 'product'
  entityId: string
  action: string
  before: unknown
  after: unknown
}

export interface AdminOrderDetail {
  order: Order
  customer: { id: string; name: string; email: string } | null
  /** The customer's other orders, newest first. */
  pastOrders: { id: string; number: string; date: number; status: OrderStatus; amount: number }[]
  /** Orders of this customer that came back Returned, by account or by phone. */
  returned: number
  /** The moves the table allows from here (contracts/order-status.ts). */
  nextStatuses: OrderStatus[]
  /** A chat with the customer, the confirmation message written out. */
  whatsapp: { url: string }
  /** This order's audit entries, oldest first. */
  audit: AuditEntry[]
}

export interface AdminDashboard {
  ordersToday: number
  /** Today and the 6 Karachi days before it. */
  ordersLast7Days: number
  /** Orders that are Order Placed, whenever placed. */
  awaitingConfirmation: number
  /** Amounts of the orders placed in the last 30 days that were not cancelled. */
  placedValue: number
  /** Amounts of the orders delivered (cash collected) in the last 30 days. */
  collectedValue: number
  /** Returned ÷ (Delivered + Returned) of the orders that reached either in the last 30 days; null when none did. */
  returnRate30d: number | null
  /** Sizes with LOW_STOCK pieces or fewer, fewest first (at most 20). */
  lowStock: { productId: string; name: string; size: string; stock: number }[]
}

export interface AdminCustomer {
  id: string
  name: string
  email: string
  /** The phone of their latest order, or null without orders. */
  lastPhone: string | null
  orders: number
  delivered: number
  returned: number
}

export interface AdminCustomerPage {
  items: AdminCustomer[]
  total: number
  page: number
  pageSize: number
}
