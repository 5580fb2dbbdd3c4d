import { randomBytes } from 'node:crypto'
import type { User } from '#contracts/auth.ts'
import {
  ADMIN_PAGE_SIZE,
  STOCK_CHANGED_MESSAGE,
  type AdminProduct,
  type AdminProductInput,
  type AdminProductPage,
  type AdminProductsQuery,
  type PhotoSlot,
  photoSlots,
} from '#contracts/admin.ts'
import { foldForSearch } from '#contracts/search-text.ts'
import { AppError } from '#server/http/errors.ts'
import type { StoredProduct } from '#server/catalog/service.ts'
import { productImageUrl } from '#server/catalog/images.ts'
import * as repo from '#server/admin/repository.ts'
import { likePattern, pageOf, type AdminContext } from '#server/admin/context.ts'

// The console's products: the list, one product, saving one with its photos, taking it
// off sale, and setting a size's stock (docs/decisions/017).

export function createProducts(ctx: AdminContext) {
  const { db, catalog, now, auditOf, writeAudit } = ctx

  async function product(id: string): Promise<AdminProduct> {
    const found = id.length <= 200 ? await catalog.stored(id) : undefined
    if (!found) throw new AppError(404, 'Product not found')
    return { ...adminProductOf(found), audit: await auditOf('product', id) }
  }

  return {
    /** The console's product list: 20 a page, newest first, archived ones flagged; q matches names, English or Urdu. */
    async products(query: AdminProductsQuery): Promise<AdminProductPage> {
      // Names are kept for search folded (Urdu letters in one form: contracts/search-text.ts), so is q.
      const like = query.q ? likePattern(foldForSearch(query.q)) : null
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
        nameUr: input.nameUr ?? null,
        description: input.description,
        descriptionUr: input.descriptionUr ?? null,
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
            if (input.sale) await catalog.sales.setOwnSale(trx, productId, input.sale, input.price)
            const after = { ...fields, ...photoUrls(keys), ...(input.sale ? { sale: saleView(input.sale) } : {}) }
            await writeAudit(trx, admin, 'product', productId, 'create', null, after)
            return
          }
          const before = await catalog.stored(productId, trx)
          // The Urdu words left out of the input stay as they are (contracts/admin.ts).
          const edit = {
            ...fields,
            nameUr: input.nameUr,
            descriptionUr: input.descriptionUr,
            openedStock: input.openedStock ?? {},
            images: keys,
          }
          if (!before || !(await catalog.update(trx, productId, edit))) throw new AppError(404, 'Product not found')
          // The own sale left out stays, and is checked against the new price.
          const own = input.sale === undefined ? before.ownSale : input.sale
          await catalog.sales.setOwnSale(trx, productId, own, input.price)
          // The sizes as they now stand: a count the owner did not change kept what orders left.
          const saved = await catalog.stored(productId, trx)
          const sizes = saved?.sizes ?? fields.sizes
          const was = {
            ...editableOf(before),
            ...photoUrls(imagesBySlot(before.images)),
            sale: before.ownSale && saleView(before.ownSale),
          }
          const after = {
            ...fields,
            nameUr: saved?.nameUr ?? null,
            descriptionUr: saved?.descriptionUr ?? null,
            sizes,
            ...photoUrls(keys),
            sale: own && saleView(own),
          }
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
    sale: p.ownSale && saleView(p.ownSale),
    priceNow: p.priceNow,
    compareAtPrice: p.compareAtPrice,
  }
}

/** A product's own sale as the console's API answers it: times in ISO 8601. */
function saleView(sale: { price: number; startsAt: number; endsAt: number }) {
  return {
    price: sale.price,
    startsAt: new Date(sale.startsAt).toISOString(),
    endsAt: new Date(sale.endsAt).toISOString(),
  }
}

function editableOf(p: StoredProduct) {
  return {
    name: p.name,
    nameUr: p.nameUr,
    description: p.description,
    descriptionUr: p.descriptionUr,
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
