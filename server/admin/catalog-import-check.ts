import os from 'node:os'
import type { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { MAX_IMPORT_ROWS, type ImportCounts, type ImportProblem } from '#contracts/catalog-io.ts'
import type { CatalogService, StoredProduct } from '#server/catalog/service.ts'
import { readHeader, readRow, type Header, type ImportRow } from '#server/admin/catalog-csv.ts'
import { PhotoTooLarge, type PhotoSource } from '#server/admin/photo-source.ts'

// An import's check (README, "Catalog import and export"): the whole file read and every
// row checked as the console's form is, against the store as it is, and every photo the
// file names found and checked by its header, before anything is written. Its plan is
// what the apply (catalog-import-apply.ts) writes.

/** What a step of an import has done of its work; the console and the CLI show it. */
export type Progress = (step: 'file' | 'photos' | 'products', done: number, total: number) => void

export type RowStatus = 'new' | 'changed' | 'unchanged'

export interface PlannedRow extends ImportRow {
  status: RowStatus
  /** Each slot's photo file in the source, or undefined where the photo stays (or is a stored one: `keys`). */
  files: (string | undefined)[]
  /** Each slot's photo named by its key in the store. */
  keys: (string | undefined)[]
}

export interface ImportPlan {
  rows: PlannedRow[]
  problems: ImportProblem[]
  counts: ImportCounts
  archiveMissing: boolean
}

const BATCH = 500
const PHOTO_FILE = /\.(jpe?g|png|webp)$/i
/** Photos read and checked at once: the machine's cores (sharp works beside the event loop). */
export const photoConcurrency = () => Math.max(2, Math.min(8, os.availableParallelism()))

export async function checkImport(
  catalog: CatalogService,
  csv: Readable,
  photos: PhotoSource,
  options: { archiveMissing: boolean },
  progress: Progress = () => {},
): Promise<ImportPlan> {
  const problems: ImportProblem[] = []
  const rows: PlannedRow[] = []
  const codes = new Map<string, number>()
  let header: Header | undefined
  let width = 0
  let pending: { cells: string[]; line: number }[] = []
  let read = 0

  const flush = async () => {
    const batch = pending
    pending = []
    const stored = new Map(
      (await catalog.storedMany(batch.map((r) => (r.cells[header!.index.code!] ?? '').trim()))).map((p) => [p.id, p]),
    )
    for (const { cells, line } of batch) {
      const code = (cells[header!.index.code!] ?? '').trim()
      const report = (message: string) => problems.push({ line, code: code || null, message })
      if (cells.length !== width) {
        report(`The row has ${cells.length} cells where the header has ${width}`)
        continue
      }
      const first = codes.get(code)
      if (code && first !== undefined) {
        report(`code ${code} is on line ${first} already`)
        continue
      }
      if (code) codes.set(code, line)
      const current = stored.get(code)
      const result = readRow(header!, cells, line, current !== undefined)
      if ('problems' in result) {
        result.problems.forEach(report)
        continue
      }
      const planned = await planPhotos(catalog, photos, result.row, current, report)
      if (planned) rows.push(planned)
    }
    progress('file', read, read)
  }

  const parser = csv.pipe(parse({ bom: true, relax_column_count: true, info: true, skip_empty_lines: true }))
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines - record.reduce((n, cell) => n + cell.split('\n').length - 1, 0)
      if (!header) {
        header = readHeader(record)
        width = record.length
        for (const message of header.problems) problems.push({ line, code: null, message })
        if (header.problems.length) break
        continue
      }
      if (++read > MAX_IMPORT_ROWS) {
        problems.push({ line, code: null, message: `A file may hold at most ${MAX_IMPORT_ROWS} products` })
        break
      }
      pending.push({ cells: record, line })
      if (pending.length >= BATCH) await flush()
    }
  } catch (err) {
    const at = (err as { lines?: number }).lines
    problems.push({ line: at ?? 0, code: null, message: `The file is not valid CSV: ${csvMessage(err)}` })
  } finally {
    csv.destroy()
  }
  if (!header)
    problems.push({ line: 1, code: null, message: 'The file is empty: it needs a header and a row a product' })
  if (header && !header.problems.length && pending.length) await flush()
  if (header && !header.problems.length) await inspectPhotos(catalog, photos, rows, problems, progress)
  problems.sort((a, b) => a.line - b.line)

  let archived = 0
  if (options.archiveMissing)
    for await (const ids of catalog.listedIds()) archived += ids.filter((id) => !codes.has(id)).length
  return {
    rows,
    problems,
    archiveMissing: options.archiveMissing,
    counts: {
      rows: read,
      new: rows.filter((r) => r.status === 'new').length,
      changed: rows.filter((r) => r.status === 'changed').length,
      unchanged: rows.filter((r) => r.status === 'unchanged').length,
      archived,
      photos: rows.reduce((n, r) => n + r.files.filter(Boolean).length, 0),
    },
  }
}

/** Where each of a row's photos comes from; undefined (and its problems reported) when one cannot be found. */
async function planPhotos(
  catalog: CatalogService,
  photos: PhotoSource,
  row: ImportRow,
  current: StoredProduct | undefined,
  report: (message: string) => void,
): Promise<PlannedRow | undefined> {
  const files: (string | undefined)[] = [undefined, undefined, undefined, undefined]
  const keys: (string | undefined)[] = [undefined, undefined, undefined, undefined]
  let ok = true
  const empty: string[] = []
  for (const [i, cell] of row.photos.entries()) {
    const slot = `photo${i + 1}`
    if (!cell) {
      if (!current) empty.push(slot)
    } else if (current && cell === current.images[i]) {
      // The photo the product has.
    } else if (PHOTO_FILE.test(cell)) {
      const found = await photos.find(cell)
      if (!found) {
        report(`${slot}: ${photos.label} has no file "${cell}"`)
        ok = false
      } else files[i] = cell
    } else if (await catalog.photos.exists(cell)) {
      keys[i] = cell
    } else {
      report(`${slot}: "${cell}" is neither a photo of the store nor a .jpg, .png or .webp file`)
      ok = false
    }
  }
  if (empty.length) {
    report(`A new product needs all four photos: ${empty.join(', ')} ${empty.length === 1 ? 'is' : 'are'} empty`)
    ok = false
  }
  if (!ok) return undefined
  const status: RowStatus = !current
    ? 'new'
    : files.some(Boolean) || keys.some(Boolean) || changedFields(current, row).length
      ? 'changed'
      : 'unchanged'
  return { ...row, status, files, keys }
}

/** Every photo file the plan names, read and checked by its header, a few at a time. */
async function inspectPhotos(
  catalog: CatalogService,
  photos: PhotoSource,
  rows: PlannedRow[],
  problems: ImportProblem[],
  progress: Progress,
): Promise<void> {
  const uses = new Map<string, { line: number; code: string; slot: number }[]>()
  for (const row of rows)
    row.files.forEach((file, i) => {
      if (file) uses.set(file, [...(uses.get(file) ?? []), { line: row.line, code: row.code, slot: i + 1 }])
    })
  const names = [...uses.keys()]
  let done = 0
  await eachAtOnce(names, photoConcurrency(), async (name) => {
    let refusal: string | undefined
    try {
      await catalog.photos.inspect(await photos.read(name))
    } catch (err) {
      refusal = err instanceof PhotoTooLarge ? 'The photo is larger than 8 MB' : photoMessage(err)
    }
    if (refusal)
      for (const use of uses.get(name)!)
        problems.push({ line: use.line, code: use.code, message: `photo${use.slot} (${name}): ${refusal}` })
    progress('photos', ++done, names.length)
  })
}

/** Runs `work` on every item, at most `limit` at once; the first failure is thrown after the others settle. */
export async function eachAtOnce<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const failures: unknown[] = []
  const worker = async () => {
    while (next < items.length && failures.length === 0) {
      const item = items[next++]!
      try {
        await work(item)
      } catch (err) {
        failures.push(err)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failures.length) throw failures[0]
}

/** The names of what a row changes of its product (the apply writes and audits only those). */
export function changedFields(p: StoredProduct, row: ImportRow): string[] {
  const { input } = row
  const changed: string[] = []
  const differ = (name: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) changed.push(name)
  }
  differ('name', p.name, input.name)
  if (!row.kept.nameUr) differ('nameUr', p.nameUr, input.nameUr ?? null)
  differ('description', p.description, input.description)
  if (!row.kept.descriptionUr) differ('descriptionUr', p.descriptionUr, input.descriptionUr ?? null)
  differ('price', p.price, input.price)
  differ('category', p.category, input.category)
  differ('subCategory', p.subCategory, input.subCategory)
  if (!row.kept.bestSeller) differ('bestSeller', p.bestSeller, input.bestSeller)
  differ('sizes', p.sizes, input.sizes)
  if (!row.kept.sizeChart) differ('sizeChart', p.sizeChart, input.sizeChart)
  if (row.archived !== undefined) differ('archived', p.archived, row.archived)
  return changed
}

function csvMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

function photoMessage(err: unknown): string {
  // A PhotoError says what is wrong in words the owner can act on; anything else, plainly.
  return err instanceof Error && err.name === 'PhotoError' ? err.message : 'The photo could not be read'
}
