import type { User } from '#contracts/auth.ts'
import type { PhotoSlot } from '#contracts/admin.ts'
import { AppError } from '#server/http/errors.ts'
import type { Executor } from '#server/db/database.ts'
import type { NewProduct, StoredProduct } from '#server/catalog/service.ts'
import type { AdminContext } from '#server/admin/context.ts'
import {
  changedFields,
  eachAtOnce,
  photoConcurrency,
  type ImportPlan,
  type PlannedRow,
  type Progress,
} from '#server/admin/catalog-import-check.ts'
import { PhotoTooLarge, type PhotoSource } from '#server/admin/photo-source.ts'

// An import's apply (docs/decisions/033): the photos it names are checked whole and kept
// first, to be encoded after the commit (docs/decisions/037); then every product is written in one transaction, through
// the catalog's own writes, with an audit entry each; the catalog's caches drop once, after
// the commit. A failure anywhere writes nothing, and the photos stored for it are removed.

const BATCH = 200

export interface ImportResult {
  new: number
  changed: number
  unchanged: number
  archived: number
}

export async function applyImport(
  ctx: AdminContext,
  plan: ImportPlan,
  photos: PhotoSource,
  admin: User,
  progress: Progress = () => {},
): Promise<ImportResult> {
  if (plan.problems.length) throw new AppError(409, 'The file has problems: fix them and import it again')
  const { db, catalog, writeAudit } = ctx
  const stored = await storePhotos(ctx, plan, photos, progress)
  const result: ImportResult = { new: 0, changed: 0, unchanged: 0, archived: 0 }
  try {
    await db.transaction().execute(async (trx) => {
      let done = 0
      for (let i = 0; i < plan.rows.length; i += BATCH) {
        const rows = plan.rows.slice(i, i + BATCH)
        const current = new Map(
          (
            await catalog.storedMany(
              rows.map((r) => r.code),
              trx,
            )
          ).map((p) => [p.id, p]),
        )
        const added: { row: PlannedRow; product: NewProduct }[] = []
        for (const row of rows) {
          const images = imagesOf(row, stored.get(row.line))
          const before = current.get(row.code)
          if (!before) added.push({ row, product: newProduct(ctx.now(), row, images) })
          else if (await writeChange(ctx, trx, row, before, images, admin)) result.changed++
          else result.unchanged++
        }
        await catalog.createMany(
          trx,
          added.map((a) => a.product),
        )
        for (const { row, product } of added) {
          if (row.archived) await catalog.setArchived(trx, row.code, true)
          await writeAudit(trx, admin, 'product', row.code, 'import', null, {
            line: row.line,
            ...product,
            archived: row.archived ?? false,
          })
        }
        result.new += added.length
        progress('products', (done += rows.length), plan.rows.length)
      }
      if (plan.archiveMissing) result.archived = await archiveMissing(ctx, trx, plan, admin)
    })
  } catch (err) {
    await forget(ctx, stored)
    throw err
  }
  // The photos are encoded from now on, here and on every instance (server/catalog/photo-queue.ts).
  void catalog.photos.pending?.kick()
  // Every cache of the catalog, here and on every instance, drops once (catalog.onChange, the change feed).
  catalog.invalidate()
  return result
}

/** A row's photos as keys by slot: the files it stored, the store's photos it named. */
function imagesOf(row: PlannedRow, stored: Partial<Record<PhotoSlot, string>> | undefined) {
  const images: Partial<Record<PhotoSlot, string>> = { ...stored }
  row.keys.forEach((key, i) => {
    if (key) images[(i + 1) as PhotoSlot] = key
  })
  return images
}

function newProduct(now: number, row: PlannedRow, images: Partial<Record<PhotoSlot, string>>): NewProduct {
  const { input } = row
  return {
    id: row.code,
    name: input.name,
    nameUr: input.nameUr ?? null,
    description: input.description,
    descriptionUr: input.descriptionUr ?? null,
    price: input.price,
    category: input.category,
    subCategory: input.subCategory,
    sizes: input.sizes.map((s) => s.size),
    stock: Object.fromEntries(input.sizes.map((s) => [s.size, s.stock])),
    sizeChart: input.sizeChart,
    bestSeller: input.bestSeller,
    images: [images[1]!, images[2]!, images[3]!, images[4]!],
    createdAt: now,
  }
}

/**
 * One existing product brought to its row, as the console's form would (catalog.update):
 * the stock the file gives is what the shelf holds afterwards. False when nothing differs.
 */
async function writeChange(
  ctx: AdminContext,
  trx: Executor,
  row: PlannedRow,
  before: StoredProduct,
  images: Partial<Record<PhotoSlot, string>>,
  admin: User,
): Promise<boolean> {
  const { catalog, writeAudit } = ctx
  const changed = changedFields(before, row)
  const photos = Object.keys(images).filter(
    (slot) => images[Number(slot) as PhotoSlot] !== before.images[Number(slot) - 1],
  )
  if (changed.length === 0 && photos.length === 0) return false
  const { input } = row
  const sizes = new Set(input.sizes.map((s) => s.size))
  try {
    const ok = await catalog.update(trx, row.code, {
      ...input,
      nameUr: row.kept.nameUr ? undefined : input.nameUr,
      descriptionUr: row.kept.descriptionUr ? undefined : input.descriptionUr,
      bestSeller: row.kept.bestSeller ? before.bestSeller : input.bestSeller,
      // A file without the column keeps the chart, less the sizes it takes away.
      sizeChart: row.kept.sizeChart ? before.sizeChart.filter((r) => sizes.has(r.size)) : input.sizeChart,
      openedStock: Object.fromEntries(before.sizes.map((s) => [s.size, s.stock])),
      images,
    })
    if (!ok) throw new AppError(409, 'The product was removed meanwhile')
    // The product's own sale stays, checked against the new price as the form checks it.
    await catalog.sales.setOwnSale(trx, row.code, before.ownSale, input.price)
    if (row.archived !== undefined && row.archived !== before.archived)
      await catalog.setArchived(trx, row.code, row.archived)
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.status, `Line ${row.line} (${row.code}): ${err.message}`)
    throw err
  }
  const was: Record<string, unknown> = { ...before }
  const now: Record<string, unknown> = { ...input, archived: row.archived ?? before.archived }
  await writeAudit(
    trx,
    admin,
    'product',
    row.code,
    'import',
    Object.fromEntries([
      ...changed.map((k) => [k, was[k]]),
      ...photos.map((s) => [`photo${s}`, before.images[Number(s) - 1]]),
    ]),
    {
      line: row.line,
      ...Object.fromEntries([
        ...changed.map((k) => [k, now[k]]),
        ...photos.map((s) => [`photo${s}`, images[Number(s) as PhotoSlot]]),
      ]),
    },
  )
  return true
}

/** Takes off sale every product on sale that the file leaves out; returns how many. */
async function archiveMissing(ctx: AdminContext, trx: Executor, plan: ImportPlan, admin: User): Promise<number> {
  const inFile = new Set(plan.rows.map((r) => r.code))
  const missing: string[] = []
  for await (const ids of ctx.catalog.listedIds(trx)) missing.push(...ids.filter((id) => !inFile.has(id)))
  for (const id of missing) {
    await ctx.catalog.setArchived(trx, id, true)
    await ctx.writeAudit(trx, admin, 'product', id, 'archive', { archived: false }, { archived: true, import: true })
  }
  return missing.length
}

/** Takes away the pending photos of an import that did not commit. */
function forget(ctx: AdminContext, stored: Map<number, Partial<Record<PhotoSlot, string>>>): Promise<void> {
  return ctx.catalog.photos.pending!.remove([...stored.values()].flatMap((keys) => Object.values(keys)))
}

/**
 * The photo files of the rows that change, each checked whole and kept to be encoded after the
 * commit (docs/decisions/037), a few at a time: each row's keys by slot.
 */
async function storePhotos(
  ctx: AdminContext,
  plan: ImportPlan,
  photos: PhotoSource,
  progress: Progress,
): Promise<Map<number, Partial<Record<PhotoSlot, string>>>> {
  const pending = ctx.catalog.photos.pending
  if (!pending) throw new Error('This catalog was made without a data directory: it stores no photos')
  const stored = new Map<number, Partial<Record<PhotoSlot, string>>>()
  const work = plan.rows.flatMap((row) =>
    row.files.flatMap((file, i) => (file ? [{ row, file, slot: (i + 1) as PhotoSlot }] : [])),
  )
  let done = 0
  try {
    await eachAtOnce(work, photoConcurrency(), async ({ row, file, slot }) => {
      let key: string
      try {
        key = await pending.add(row.code, `p${slot}`, await photos.read(file))
      } catch (err) {
        const why =
          err instanceof PhotoTooLarge
            ? 'The photo is larger than 8 MB'
            : err instanceof AppError
              ? err.message
              : 'The photo could not be read'
        throw new AppError(422, `Line ${row.line} (${row.code}), photo${slot} (${file}): ${why}`)
      }
      stored.set(row.line, { ...stored.get(row.line), [slot]: key })
      progress('photos', ++done, work.length)
    })
  } catch (err) {
    await forget(ctx, stored)
    throw err
  }
  return stored
}
