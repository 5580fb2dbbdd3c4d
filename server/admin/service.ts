import { randomBytes } from 'node:crypto'
import type { Db } from '#server/db/database.ts'
import type { Config } from '#server/config.ts'
import type { User } from '#contracts/auth.ts'
import {
  ADMIN_PAGE_SIZE,
  LOW_STOCK,
  STOCK_CHANGED_MESSAGE,
  type AdminCustomerPage,
  type AdminCustomersQuery,
  type AdminDashboard,
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminOrdersQuery,
  type AdminProduct,
  type AdminProductInput,
  type AdminProductPage,
  type AdminProductsQuery,
  type PhotoSlot,
  photoSlots,
  type AdminStatusMove,
  type AuditEntry,
} from '#contracts/admin.ts'
import { orderStatuses, orderTransitions, type OrderStatus } from '#contracts/order-status.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { phoneKey } from '#contracts/phone.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { DAY_MS, karachiDayStart, karachiDayStartOf } from '#contracts/store-days.ts'
import { AppError } from '#server/http/errors.ts'
import type { AuthService } from '#server/auth/service.ts'
import type { OrderService } from '#server/orders/service.ts'
import type { CatalogService, StoredProduct } from '#server/catalog/service.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import type { Executor } from '#server/db/database.ts'
import * as repo from '#server/admin/repository.ts'

export type AdminService = ReturnType<typeof createAdminService>

/** How many of a customer's other orders the order page lists. */
const PAST_ORDERS = 50
/** How many low sizes the dashboard lists. */
const LOW_STOCK_ROWS = 20

/**
 * The store owner's console (docs/spec/rulings.md #25). Reads are the console's own
 * queries; an order moves only through the orders service, and what an admin changes
 * is written to the audit log in the same transaction.
 */
export function createAdminService(
  db: Db,
  config: Config,
  domains: { orders: OrderService; auth: AuthService; catalog: CatalogService },
  now: () => number = Date.now,
) {
  const { orders, auth, catalog } = domains
  const nextAuditId = auditIds()

  async function auditOf(entity: 'order' | 'product', entityId: string): Promise<AuditEntry[]> {
    const rows = await repo.auditOf(db, entity, entityId)
    return rows.map((r) => ({
      id: r.id,
      at: r.at,
      actor: { id: r.actor_id, name: r.actor_name },
      entity: r.entity as 'order' | 'product',
      entityId: r.entity_id,
      action: r.action,
      before: r.before === null ? null : (JSON.parse(r.before) as unknown),
      after: r.after === null ? null : (JSON.parse(r.after) as unknown),
    }))
  }

  async function order(orderId: string): Promise<AdminOrderDetail> {
    const found = await orders.forStore(orderId)
    if (!found) throw new AppError(404, 'Order not found')
    const { order, userId } = found
    // A deleted account's orders stay, anonymised and belonging to no one (docs/decisions/012).
    const [customer, past, returned, audit] = await Promise.all([
      userId === null ? undefined : auth.userById(userId),
      userId === null ? [] : repo.otherOrdersOf(db, userId, order._id, PAST_ORDERS),
      orders.returnsOf({ userId, phone: order.address.phone }),
      auditOf('order', order._id),
    ])
    return {
      order,
      customer: customer ? { id: customer._id, name: customer.name, email: customer.email } : null,
      pastOrders: past.map((o) => ({
        id: o.id,
        number: orderNumber(o.id),
        date: o.created_at,
        status: o.status as OrderStatus,
        amount: o.amount,
      })),
      returned,
      nextStatuses: [...orderTransitions[order.status]],
      whatsapp: { url: whatsappUrl(order, config.store.name) },
      audit,
    }
  }

  async function writeAudit(
    trx: Executor,
    admin: User,
    entity: 'order' | 'product',
    entityId: string,
    action: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    const at = now()
    await repo.insertAudit(trx, {
      id: nextAuditId(at),
      at,
      actor_id: admin._id,
      actor_name: admin.name,
      entity,
      entity_id: entityId,
      action,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
    })
  }

  async function product(id: string): Promise<AdminProduct> {
    const found = id.length <= 200 ? await catalog.stored(id) : undefined
    if (!found) throw new AppError(404, 'Product not found')
    return { ...adminProductOf(found), audit: await auditOf('product', id) }
  }

  return {
    /** The console's product list: 20 a page, newest first, archived ones flagged; q matches names. */
    async products(query: AdminProductsQuery): Promise<AdminProductPage> {
      const like = query.q ? likePattern(query.q) : null
      const [rows, total] = await Promise.all([
        repo.productPage(db, like, pageOf(query.page)),
        repo.productCount(db, like),
      ])
      const sizes = await repo.sizesOf(
        db,
        rows.map((r) => r.id),
      )
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          category: r.category as AdminProduct['category'],
          subCategory: r.sub_category as AdminProduct['subCategory'],
          price: r.price,
          bestSeller: r.best_seller === 1,
          archived: r.archived === 1,
          image1: productImageUrl(r.image1),
          sizes: sizes.filter((s) => s.product_id === r.id).map((s) => ({ size: s.size, stock: s.stock })),
        })),
        total,
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
      }
    },

    product,

    /**
     * Creates (id null: all four photos required) or updates a product. The photos are
     * checked and stored first; a refused photo refuses the whole save, with the files
     * already written for it removed. The product, its sizes and chart and the audit
     * entry commit in one transaction; the storefront sees the change at once.
     * Replaced photos' old files stay: their URLs are cached as immutable and past
     * orders' snapshots point at them.
     */
    async saveProduct(
      id: string | null,
      input: AdminProductInput,
      photos: Partial<Record<PhotoSlot, Uint8Array>>,
      admin: User,
    ): Promise<AdminProduct> {
      if (id !== null && (id.length > 200 || (await catalog.status(id)) === 'missing'))
        throw new AppError(404, 'Product not found')
      // Without what the owner opened, a save would write back counts orders have since
      // taken (docs/decisions/017).
      if (id !== null && input.openedStock === undefined)
        throw new AppError(
          400,
          'openedStock is required: each size’s stock as you opened the product, so a save never undoes an order',
          { fields: { openedStock: 'Required' } },
        )
      if (id === null) {
        const missing = photoSlots.filter((slot) => !photos[slot])
        if (missing.length) {
          const names = missing.map((slot) => `photo${slot}`)
          throw new AppError(400, `A new product needs all four photos: ${names.join(', ')} missing`, {
            fields: Object.fromEntries(names.map((n) => [n, 'Choose a photo'])),
          })
        }
      }
      const productId = id ?? newProductId(input.name)

      const keys: Partial<Record<PhotoSlot, string>> = {}
      try {
        for (const slot of photoSlots) {
          const bytes = photos[slot]
          if (!bytes) continue
          try {
            keys[slot] = await catalog.photos.store(productId, slot, bytes)
          } catch (err) {
            // A refused photo (a PhotoError) is the owner's to fix, at its field.
            if (err instanceof AppError)
              throw new AppError(err.status, err.message, { fields: { [`photo${slot}`]: err.message } })
            throw err
          }
        }
      } catch (err) {
        await catalog.photos.remove(Object.values(keys))
        throw err
      }

      const fields = {
        name: input.name,
        description: input.description,
        price: input.price,
        category: input.category,
        subCategory: input.subCategory,
        sizes: input.sizes,
        sizeChart: input.sizeChart,
        bestSeller: input.bestSeller,
      }
      try {
        await db.transaction().execute(async (trx) => {
          if (id === null) {
            await catalog.create(trx, {
              id: productId,
              ...fields,
              sizes: input.sizes.map((s) => s.size),
              stock: Object.fromEntries(input.sizes.map((s) => [s.size, s.stock])),
              images: [keys[1]!, keys[2]!, keys[3]!, keys[4]!],
              createdAt: now(),
            })
            const after = { ...fields, ...photoUrls(keys) }
            await writeAudit(trx, admin, 'product', productId, 'create', null, after)
            return
          }
          const before = await catalog.stored(productId, trx)
          const edit = { ...fields, openedStock: input.openedStock ?? {}, images: keys }
          if (!before || !(await catalog.update(trx, productId, edit))) throw new AppError(404, 'Product not found')
          // The sizes as they now stand: a count the owner did not change kept what orders left.
          const sizes = (await catalog.stored(productId, trx))?.sizes ?? fields.sizes
          const was = { ...editableOf(before), ...photoUrls(imagesBySlot(before.images)) }
          const after = { ...fields, sizes, ...photoUrls(keys) }
          const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
            (k) => JSON.stringify(was[k]) !== JSON.stringify(after[k]),
          )
          if (changed.length) {
            await writeAudit(
              trx,
              admin,
              'product',
              productId,
              'update',
              Object.fromEntries(changed.map((k) => [k, was[k]])),
              Object.fromEntries(changed.map((k) => [k, after[k]])),
            )
          }
        })
      } catch (err) {
        await catalog.photos.remove(Object.values(keys))
        throw err
      }
      catalog.invalidate()
      return product(productId)
    },

    /** Takes a product off sale (or puts it back): the storefront stops (or starts) showing it at once. */
    async setArchived(id: string, archived: boolean, admin: User): Promise<AdminProduct> {
      if (id.length > 200) throw new AppError(404, 'Product not found')
      await db.transaction().execute(async (trx) => {
        const before = await catalog.stored(id, trx)
        if (!before) throw new AppError(404, 'Product not found')
        if (before.archived === archived) return
        await catalog.setArchived(trx, id, archived)
        await writeAudit(
          trx,
          admin,
          'product',
          id,
          archived ? 'archive' : 'unarchive',
          { archived: before.archived },
          { archived },
        )
      })
      catalog.invalidate()
      return product(id)
    },

    /**
     * Sets the pieces of one size on the shelf, only if it still holds `opened`, what the
     * owner saw: an order placed meanwhile answers 409 instead of being undone
     * (docs/decisions/017). The same count as opened changes nothing.
     */
    async setStock(
      id: string,
      change: { size: string; stock: number; opened: number },
      admin: User,
    ): Promise<AdminProduct> {
      if (id.length > 200) throw new AppError(404, 'Product not found')
      const { size, stock, opened } = change
      await db.transaction().execute(async (trx) => {
        if (!(await catalog.stored(id, trx))) throw new AppError(404, 'Product not found')
        const done = await catalog.setStockIf(trx, { productId: id, size, stock, opened })
        if (done === 'missing') throw new AppError(404, `This product has no size ${size}`)
        if (done === 'changed')
          throw new AppError(409, STOCK_CHANGED_MESSAGE, { fields: { [`stock.${size}`]: 'Changed meanwhile' } })
        if (done === 'set')
          await writeAudit(trx, admin, 'product', id, 'stock', { size, stock: opened }, { size, stock })
      })
      catalog.invalidate()
      return product(id)
    },

    /** The queue: one status a page at a time, newest first, and every status's count for the tabs. */
    async orders(query: AdminOrdersQuery): Promise<AdminOrderPage> {
      const filter: repo.OrderFilter = {
        search: orderSearch(query.q),
        from: query.from === undefined ? undefined : karachiDayStart(query.from),
        before: query.to === undefined ? undefined : karachiDayStart(query.to)! + DAY_MS,
      }
      const [rows, counted] = await Promise.all([
        repo.orderPage(db, query.status, filter, pageOf(query.page)),
        repo.statusCounts(db, filter),
      ])
      const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>
      for (const c of counted) if (c.status in counts) counts[c.status as OrderStatus] = Number(c.n)
      return {
        items: rows.map((r) => ({
          id: r.id,
          number: orderNumber(r.id),
          status: r.status as OrderStatus,
          date: r.created_at,
          name: `${r.first_name} ${r.last_name}`,
          phone: r.phone,
          city: r.city,
          amount: r.amount,
          itemCount: Number(r.item_count ?? 0),
        })),
        total: counts[query.status],
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
        counts,
      }
    },

    order,

    /**
     * Moves the order along docs/spec/rulings.md #15 as the store; the audit entry (who,
     * from, to, and the courier, tracking number and note given) commits with the move.
     */
    async moveOrder(orderId: string, input: AdminStatusMove, admin: User): Promise<AdminOrderDetail> {
      const note = input.note ? input.note : null
      await orders.advance(
        orderId,
        input.to,
        {
          note,
          ...(input.courier ? { courier: input.courier } : {}),
          ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
        },
        'store',
        async (trx, move) => {
          const at = now()
          await repo.insertAudit(trx, {
            id: nextAuditId(at),
            at,
            actor_id: admin._id,
            actor_name: admin.name,
            entity: 'order',
            entity_id: orderId,
            action: 'status',
            before: JSON.stringify({ status: move.from }),
            after: JSON.stringify({
              status: move.to,
              ...(move.to === 'Shipped'
                ? { courier: move.order.courier, trackingNumber: move.order.trackingNumber }
                : {}),
              ...(note ? { note } : {}),
            }),
          })
        },
      )
      return order(orderId)
    },

    /** Today's and the week's orders, the queue, and the last 30 days' money and returns, in Karachi days. */
    async dashboard(): Promise<AdminDashboard> {
      const today = karachiDayStartOf(now())
      const [figures, low] = await Promise.all([
        repo.dashboardFigures(db, { today, week: today - 6 * DAY_MS, month: today - 29 * DAY_MS }),
        repo.lowStock(db, LOW_STOCK, LOW_STOCK_ROWS),
      ])
      const settled = figures.delivered + figures.returned
      return {
        ordersToday: figures.today,
        ordersLast7Days: figures.week,
        awaitingConfirmation: figures.awaiting,
        placedValue: figures.placedValue,
        collectedValue: figures.collectedValue,
        returnRate30d: settled === 0 ? null : figures.returned / settled,
        lowStock: low.map((s) => ({ productId: s.product_id, name: s.name, size: s.size, stock: s.stock })),
      }
    },

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

/** A new product's id: its name as a slug and a short random suffix ('men-linen-shirt-k3x9qa'). */
function newProductId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  const suffix = randomBytes(5).readUIntBE(0, 5).toString(36).padStart(8, '0').slice(-6)
  return `${slug || 'product'}-${suffix}`
}

function adminProductOf(p: StoredProduct): Omit<AdminProduct, 'audit'> {
  return {
    ...editableOf(p),
    id: p.id,
    archived: p.archived,
    images: p.images.map(productImageUrl) as AdminProduct['images'],
  }
}

function editableOf(p: StoredProduct) {
  return {
    name: p.name,
    description: p.description,
    price: p.price,
    category: p.category,
    subCategory: p.subCategory,
    sizes: p.sizes,
    sizeChart: p.sizeChart,
    bestSeller: p.bestSeller,
  }
}

function imagesBySlot(images: [string, string, string, string]): Record<PhotoSlot, string> {
  return { 1: images[0], 2: images[1], 3: images[2], 4: images[3] }
}

/** Photos as the audit log keeps them: photo1..photo4 by URL, only the slots given. */
function photoUrls(keys: Partial<Record<PhotoSlot, string>>): Partial<Record<`photo${PhotoSlot}`, string>> {
  const out: Partial<Record<`photo${PhotoSlot}`, string>> = {}
  for (const slot of photoSlots) {
    const key = keys[slot]
    if (key) out[`photo${slot}`] = productImageUrl(key)
  }
  return out
}

function pageOf(page: number) {
  return { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }
}

/** Names and emails contain the text, in any case; % and _ are the text's own. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * What the queue's search box may hold: an order number ('#1A2B3C4D', or its start),
 * a phone in any form ('0300-1234567', '+92 300 1234567'), a name or an email.
 */
function orderSearch(q: string): repo.OrderSearch | null {
  if (!q) return null
  const number = /^#?\s*([0-9a-f]{1,8})$/i.exec(q)?.[1]?.toLowerCase() ?? null
  const digits = q.replace(/\D/g, '')
  const phone = /^\+?[\d\s\-().]+$/.test(q) && digits.length >= 4 ? phoneKey(q) : null
  return { like: likePattern(q), numberPrefix: number, phoneKey: phone }
}

/**
 * A chat with the customer about their order, the confirmation message written out
 * (cash-on-delivery orders are confirmed before they are packed: docs/decisions/010).
 */
function whatsappUrl(order: Order, storeName: string): string {
  const a = order.address
  const message = [
    `Assalam-o-Alaikum ${a.firstName}, this is ${storeName} about your order ${orderNumber(order._id)}:`,
    ...order.items.map((i) => `- ${i.name}, size ${i.size}, quantity ${i.quantity}`),
    `Total: ${formatPrice(order.amount)} (cash on delivery)`,
    `Delivery address: ${a.street}, ${a.city}, ${a.state} ${a.pinCode}, ${a.country}`,
    'Please reply YES to confirm your order, or tell us what to change.',
  ].join('\n')
  return `https://wa.me/${phoneKey(a.phone)}?text=${encodeURIComponent(message)}`
}

/**
 * Audit ids that sort in the order they were made (UUID version 7 layout: the time,
 * then a counter within the millisecond), so entries written in one millisecond still
 * read back oldest first.
 */
function auditIds(): (at: number) => string {
  let lastAt = -1
  let counter = 0
  return (at) => {
    counter = at === lastAt ? counter + 1 : 0
    lastAt = at
    const time = Math.max(0, at).toString(16).padStart(12, '0').slice(-12)
    const seq = (counter & 0xfff).toString(16).padStart(3, '0')
    const rest = randomBytes(8)
    rest[0] = (rest[0]! & 0x3f) | 0x80
    const tail = rest.toString('hex')
    return `${time.slice(0, 8)}-${time.slice(8)}-7${seq}-${tail.slice(0, 4)}-${tail.slice(4)}`
  }
}
