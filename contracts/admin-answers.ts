import { z } from '#contracts/zod.ts'
import { categories, subCategories } from '#contracts/catalog.ts'
import { orderStatuses, type OrderStatus } from '#contracts/order-status.ts'
import { orderSchema } from '#contracts/orders.ts'
import { saleSchema } from '#contracts/sales.ts'

// The console's answers (contracts/admin.ts) as schemas, for the API's description
// (server/openapi/document.ts); tests/api/openapi.test.ts holds each schema's type equal to
// its interface there.

const count = z.number().int()
const statusCounts = z.object(
  Object.fromEntries(orderStatuses.map((s) => [s, count])) as Record<OrderStatus, typeof count>,
)

export const adminOrderRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(orderStatuses),
  date: z.number(),
  name: z.string(),
  phone: z.string(),
  city: z.string(),
  amount: count,
  itemCount: count,
  attention: z.array(z.string()),
})

export const adminOrderPageSchema = z.object({
  items: z.array(adminOrderRowSchema),
  total: count,
  page: count,
  pageSize: count,
  counts: statusCounts,
  attentionCount: count,
})

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.number(),
  actor: z.object({ id: z.string(), name: z.string() }),
  entity: z.enum(['order', 'product', 'sale', 'discount', 'review']),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
})

export const adminOrderDetailSchema = z.object({
  order: orderSchema,
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  pastOrders: z.array(
    z.object({ id: z.string(), number: z.string(), date: z.number(), status: z.enum(orderStatuses), amount: count }),
  ),
  returned: count,
  nextStatuses: z.array(z.enum(orderStatuses)),
  whatsapp: z.object({ url: z.string() }),
  audit: z.array(auditEntrySchema),
  attention: z.array(z.string()),
})

export const adminDashboardSchema = z.object({
  ordersToday: count,
  ordersLast7Days: count,
  awaitingConfirmation: count,
  placedValue: count,
  collectedValue: count,
  returnRate30d: z.number().nullable(),
  lowStock: z.array(z.object({ productId: z.string(), name: z.string(), size: z.string(), stock: count })),
  discountsGiven30d: count,
  topCodes: z.array(z.object({ code: z.string(), orders: count, discount: count })),
  returnsByDay: z.array(z.object({ day: z.string(), delivered: count, returned: count })),
  topReturnReasons: z.array(z.object({ reason: z.string(), count })),
})

export const adminCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  lastPhone: z.string().nullable(),
  orders: count,
  delivered: count,
  returned: count,
})

export const adminCustomerPageSchema = z.object({
  items: z.array(adminCustomerSchema),
  total: count,
  page: count,
  pageSize: count,
})

const sizeStockSchema = z.object({ size: z.string(), stock: count })

export const adminProductRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(categories),
  subCategory: z.enum(subCategories),
  price: count,
  bestSeller: z.boolean(),
  image1: z.string(),
  archived: z.boolean(),
  sizes: z.array(sizeStockSchema),
})

export const adminProductPageSchema = z.object({
  items: z.array(adminProductRowSchema),
  total: count,
  page: count,
  pageSize: count,
})

export const adminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameUr: z.string().nullable(),
  description: z.string(),
  descriptionUr: z.string().nullable(),
  price: count,
  category: z.enum(categories),
  subCategory: z.enum(subCategories),
  sizeChart: z.array(
    z.object({
      size: z.string(),
      chest: z.string().nullable(),
      length: z.string().nullable(),
      waist: z.string().nullable(),
      sleeves: z.string().nullable(),
    }),
  ),
  bestSeller: z.boolean(),
  sizes: z.array(sizeStockSchema),
  archived: z.boolean(),
  images: z.tuple([z.string(), z.string(), z.string(), z.string()]),
  sale: z.object({ price: count, startsAt: z.string(), endsAt: z.string() }).nullable(),
  priceNow: count,
  compareAtPrice: count.nullable(),
  audit: z.array(auditEntrySchema),
})

/** A product's save, archive or stock change: what was done and the product as it is now. */
export const adminProductAnswerSchema = z.object({ message: z.string(), product: adminProductSchema })

/** An order's move: what was done and the order as the console now shows it. */
export const adminOrderMoveSchema = z.object({ message: z.string(), order: adminOrderDetailSchema })

/** GET /api/admin/sales/:id: the sale and its audit entries. */
export const adminSaleDetailSchema = saleSchema.extend({ audit: z.array(auditEntrySchema) })

/** POST /api/admin/orders/ship (contracts/admin.ts AdminBulkShipResult). */
export const adminBulkShipResultSchema = z.object({
  shipped: z.array(
    z.object({ id: z.string(), number: z.string(), trackingNumber: z.string(), trackingUrl: z.string().nullable() }),
  ),
  failed: z.array(z.object({ number: z.string(), message: z.string() })),
})
