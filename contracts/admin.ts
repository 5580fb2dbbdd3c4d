// The store owner's console (docs/spec/rulings.md #25): what /api/admin/ takes and answers.
import { z } from '#contracts/zod.ts'
import { text } from '#contracts/fields.ts'
import { orderStatuses, type OrderStatus } from '#contracts/order-status.ts'
import type { Order } from '#contracts/orders.ts'
import { karachiDayStart } from '#contracts/store-days.ts'
import { COURIERS, isCourier } from '#contracts/couriers.ts'
import { BOOKING_LAYOUTS, BULK_ORDERS } from '#contracts/shipping.ts'
import { ownSaleSchema } from '#contracts/sales.ts'
import {
  categories,
  subCategories,
  type Product,
  type ProductDetails,
  type ProductImages,
  type SizeStock,
} from '#contracts/catalog.ts'

/** Rows a console page shows. */
export const ADMIN_PAGE_SIZE = 20
/** A size at or below this many pieces is running low (the dashboard's list, the product page's note). */
export { LOW_STOCK } from '#contracts/catalog.ts'

const pageParam = text('page')
  .regex(/^\d{1,6}$/, 'page must be a whole number from 1')
  .transform(Number)
  .refine((n) => n >= 1, 'page must be a whole number from 1')
  .default(1)

const searchParam = text('q')
  .max(100, 'q must be at most 100 characters')
  .transform((q) => q.trim())
  .default('')

const dateParam = (name: string) =>
  text(name)
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
    /** `1`: the "Needs attention" tab (README, "Orders that need attention") instead of `status`'s. */
    attention: z.literal('1', { error: 'attention must be 1' }).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'to must not be before from', path: ['to'] })
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>

/**
 * GET /api/admin/orders/export?from=&to=&status=: the accountant's CSV of the orders placed
 * from one Karachi date to another (both included; either may be left open), of one status
 * or of all.
 */
export const adminOrdersExportSchema = z
  .object({
    status: z.enum(orderStatuses, { error: `status must be one of: ${orderStatuses.join(', ')}` }).optional(),
    from: dateParam('from'),
    to: dateParam('to'),
    /** A courier's booking file: one row an order in its columns, instead of the accountant's rows. */
    layout: z.enum(BOOKING_LAYOUTS, { error: `layout must be one of: ${BOOKING_LAYOUTS.join(', ')}` }).optional(),
    /** The chosen orders (their ids, `order` repeated); none: every order the other filters select. */
    order: z
      .array(text('order').regex(/^[0-9a-f-]{8,36}$/i, 'order must be an order id'))
      .max(BULK_ORDERS, `order may name at most ${BULK_ORDERS} orders`)
      .optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'to must not be before from', path: ['to'] })
export type AdminOrdersExport = z.infer<typeof adminOrdersExportSchema>

/** GET /api/admin/sales?page=: the sales, newest first (docs/decisions/025). */
export const adminSalesQuerySchema = z.object({ page: pageParam })

/** GET /api/admin/customers?q=&page=. */
export const adminCustomersQuerySchema = z.object({ q: searchParam, page: pageParam })
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>

const detailText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  text(label, options)
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`)

/**
 * Text the owner may leave out: the same rules and length as `detailText`, but empty
 * (or null) is none, answered as null; absent is absent (the caller says what that keeps).
 */
const optionalDetailText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  text(label, { error: `${label} must be text or null`, ...options })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()

/** POST /api/admin/orders/:id/status: Shipped needs the courier and the tracking number. */
export const adminStatusMoveSchema = z.object({
  to: z.enum(orderStatuses, { error: `to must be one of: ${orderStatuses.join(', ')}` }),
  courier: detailText('courier', 60)
    .refine(isCourier, `courier must be one of: ${COURIERS.join(', ')}`)
    .optional(),
  trackingNumber: detailText('trackingNumber', 60).optional(),
  note: text('note', { multiline: true }).trim().max(500, 'note must be at most 500 characters').optional(),
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
  /** Why it needs the owner's look before it is packed; empty for none. */
  attention: string[]
}

export interface AdminOrderPage {
  items: AdminOrderRow[]
  /** Orders of the chosen status that match q, from and to. */
  total: number
  page: number
  pageSize: number
  /** For the tabs: the orders of each status that match q, from and to. */
  counts: Record<OrderStatus, number>
  /** The "Needs attention" tab's count: marked orders not yet packing that match q, from and to. */
  attentionCount: number
}

/** What an admin did: a move of an order's status, or (later) a change of a product. */
export interface AuditEntry {
  id: string
  at: number
  actor: { id: string; name: string }
  entity: 'order' | 'product' | 'sale' | 'discount' | 'review'
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
  /** Why it needs the owner's look before it is packed (README, "Orders that need attention"); empty for none. */
  attention: string[]
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
  /** Rupees discount codes took off the orders placed in the last 30 days that were not cancelled (docs/decisions/026). */
  discountsGiven30d: number
  /** The codes those orders used most, most used first (at most 5). */
  topCodes: { code: string; orders: number; discount: number }[]
  /** Each of the last 30 Karachi days, oldest first: orders that reached Delivered and Returned that day. */
  returnsByDay: { day: string; delivered: number; returned: number }[]
  /** Why the last 30 days' Returned parcels came back (the move's note), most first (at most 5). */
  topReturnReasons: { reason: string; count: number }[]
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

// ---- Products ---------------------------------------------------------------------

/** GET /api/admin/products?q=&page=: every product, archived ones too, newest first. */
export const adminProductsQuerySchema = z.object({ q: searchParam, page: pageParam })
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>

/** The most sizes (and size chart rows) a product has. */
export const MAX_SIZES = 20

/** The four photos of a product, image1..image4. */
export type PhotoSlot = 1 | 2 | 3 | 4
export const photoSlots = [1, 2, 3, 4] as const satisfies readonly PhotoSlot[]

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min.toLocaleString('en-US')}`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`)

const sizeName = (label: string) =>
  text(label)
    .trim()
    .min(1, `${label} must not be empty`)
    .max(12, `${label} must be at most 12 characters`)
    .regex(/^[A-Za-z0-9-]+$/, `${label} may hold only letters, digits and -`)

const measure = (label: string) =>
  text(label, { error: `${label} must be text or null` })
    .trim()
    .max(10, `${label} must be at most 10 characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()

/** What the console's product form sends (POST /api/admin/products[/:id], the `product` field). */
export const adminProductInputSchema = z
  .object({
    name: detailText('name', 120),
    /**
     * The Urdu name and description (the Urdu storefront shows them where given), checked
     * as the English ones are. Empty or null clears one; absent keeps what the product has,
     * so a client that does not know them loses nothing.
     */
    nameUr: optionalDetailText('nameUr', 120),
    description: detailText('description', 2000, { multiline: true }),
    descriptionUr: optionalDetailText('descriptionUr', 2000, { multiline: true }),
    price: wholeNumber('price', 1, 10_000_000),
    category: z.enum(categories, { error: `category must be one of: ${categories.join(', ')}` }),
    subCategory: z.enum(subCategories, { error: `subCategory must be one of: ${subCategories.join(', ')}` }),
    sizes: z
      .array(z.object({ size: sizeName('size'), stock: wholeNumber('stock', 0, 100_000) }), {
        error: 'sizes must be a list',
      })
      .min(1, 'sizes must name at least one size')
      .max(MAX_SIZES, `sizes must name at most ${MAX_SIZES} sizes`),
    sizeChart: z
      .array(
        z.object({
          size: sizeName('sizeChart size'),
          chest: measure('chest'),
          length: measure('length'),
          waist: measure('waist'),
          sleeves: measure('sleeves'),
        }),
        { error: 'sizeChart must be a list' },
      )
      .max(MAX_SIZES, `sizeChart must have at most ${MAX_SIZES} rows`),
    bestSeller: z.boolean({ error: 'bestSeller must be true or false' }),
    /**
     * Each size's stock as the owner opened the product (a change's only; a new product
     * has none). A size whose stock equals its opened count was not changed and is not
     * written; a changed one is set only if it still holds its opened count; a size not
     * named here is one the owner added (docs/decisions/017).
     */
    openedStock: z
      .record(
        z.string().regex(/^[A-Za-z0-9-]{1,12}$/, 'openedStock names sizes as sizes does: letters, digits and -'),
        wholeNumber('openedStock count', 0, 100_000),
        {
          error: 'openedStock must map each size to its stock as you opened the product',
        },
      )
      .refine((r) => Object.keys(r).length <= MAX_SIZES, `openedStock must name at most ${MAX_SIZES} sizes`)
      .optional(),
    /**
     * The product's own sale price and its window (docs/decisions/025): null removes it,
     * absent keeps what the product has.
     */
    sale: ownSaleSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>()
    v.sizes.forEach((s, i) => {
      if (seen.has(s.size))
        ctx.addIssue({ code: 'custom', message: `sizes: ${s.size} is named twice`, path: ['sizes', i, 'size'] })
      seen.add(s.size)
    })
    const charted = new Set<string>()
    v.sizeChart.forEach((r, i) => {
      if (!seen.has(r.size))
        ctx.addIssue({
          code: 'custom',
          message: `sizeChart: ${r.size} is not one of the sizes`,
          path: ['sizeChart', i, 'size'],
        })
      else if (charted.has(r.size))
        ctx.addIssue({ code: 'custom', message: `sizeChart: ${r.size} has two rows`, path: ['sizeChart', i, 'size'] })
      charted.add(r.size)
    })
  })
export type AdminProductInput = z.infer<typeof adminProductInputSchema>

/** POST /api/admin/products/:id/archive. */
export const adminArchiveSchema = z.object({ archived: z.boolean({ error: 'archived must be true or false' }) })

/**
 * POST /api/admin/products/:id/stock: `opened` is the size's stock as the owner saw it;
 * the new count is set only if the shelf still holds that many (docs/decisions/017).
 */
export const adminStockSchema = z.object({
  size: sizeName('size'),
  stock: wholeNumber('stock', 0, 100_000),
  opened: z
    .number({ error: 'opened is required: the size’s stock as you saw it, so a change never undoes an order' })
    .int('opened must be a whole number')
    .min(0, 'opened must be at least 0')
    .max(100_000, 'opened must be at most 100,000'),
})

/** The answer (409) when a size the owner changed was also moved (by an order) since they opened the product. */
export const STOCK_CHANGED_MESSAGE = 'Stock changed since you opened this product; reload to see it'

/** One product in the console's list; `image1` is the first photo's URL. */
export interface AdminProductRow extends Pick<
  Product,
  'name' | 'category' | 'subCategory' | 'price' | 'bestSeller' | 'image1'
> {
  id: string
  archived: boolean
  sizes: SizeStock[]
}

export interface AdminProductPage {
  items: AdminProductRow[]
  total: number
  page: number
  pageSize: number
}

/** One product as the console edits it. */
export interface AdminProduct extends ProductDetails {
  id: string
  nameUr: string | null
  descriptionUr: string | null
  sizes: SizeStock[]
  archived: boolean
  /** The four photos' URLs, image1..image4. */
  images: ProductImages
  /** This product's own sale (times in ISO 8601), or null; `price` is the list price. */
  sale: { price: number; startsAt: string; endsAt: string } | null
  /** What a shopper pays now (a sale's price while one runs), and the list price while on sale. */
  priceNow: number
  compareAtPrice: number | null
  /** This product's audit entries, oldest first. */
  audit: AuditEntry[]
}
