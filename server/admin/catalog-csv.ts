import { adminProductInputSchema, type AdminProductInput } from '#contracts/admin.ts'
import { categories, subCategories, type SizeChartRow } from '#contracts/catalog.ts'
import {
  catalogColumns,
  newCodePattern,
  requiredCatalogColumns,
  STOCK_COLUMN_PREFIX,
  type CatalogColumn,
} from '#contracts/catalog-io.ts'
import type { StoredProduct } from '#server/catalog/service.ts'

// One row of the catalog's file and one product, both ways (README, "Catalog import and
// export"): pure, so the export, the import's check and its tests share it.

const measures = ['chest', 'length', 'waist', 'sleeves'] as const

/** The file's header: the columns before the sizes, a `stock <size>` column a size, then the rest. */
export function headerOf(sizes: string[]): string[] {
  const at = catalogColumns.indexOf('size_chart')
  return [
    ...catalogColumns.slice(0, at),
    ...sizes.map((s) => `${STOCK_COLUMN_PREFIX}${s}`),
    ...catalogColumns.slice(at),
  ]
}

/**
 * A cell a spreadsheet would read as a formula (a name typed as "=HYPERLINK(…)") is written
 * with an apostrophe first, as OWASP advises against CSV injection; the import takes it off.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}
function unsafeCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value
}

/** A product as its row of the file, under `headerOf(sizes)`. */
export function rowOf(p: StoredProduct, sizes: string[]): string[] {
  const stock = new Map(p.sizes.map((s) => [s.size, s.stock]))
  const cells: Record<CatalogColumn, string> = {
    code: p.id,
    name: p.name,
    name_ur: p.nameUr ?? '',
    description: p.description,
    description_ur: p.descriptionUr ?? '',
    category: p.category,
    sub_category: p.subCategory,
    price: String(p.price),
    best_seller: p.bestSeller ? 'yes' : 'no',
    archived: p.archived ? 'yes' : 'no',
    size_chart: chartText(p.sizeChart),
    photo1: p.images[0],
    photo2: p.images[1],
    photo3: p.images[2],
    photo4: p.images[3],
  }
  const at = catalogColumns.indexOf('size_chart')
  return [
    ...catalogColumns.slice(0, at).map((c) => cells[c]),
    ...sizes.map((s) => (stock.has(s) ? String(stock.get(s)) : '')),
    ...catalogColumns.slice(at).map((c) => cells[c]),
  ].map(safeCell)
}

/** A size chart as one cell: `S: chest 36, length 27; M: chest 38, length 28`. */
export function chartText(chart: SizeChartRow[]): string {
  return chart
    .map((r) => {
      const parts = measures.filter((m) => r[m] !== null).map((m) => `${m} ${r[m]}`)
      return parts.length ? `${r.size}: ${parts.join(', ')}` : `${r.size}:`
    })
    .join('; ')
}

function parseChart(cell: string): SizeChartRow[] | string {
  const rows: SizeChartRow[] = []
  for (const entry of cell.split(';')) {
    if (entry.trim() === '') continue
    const colon = entry.indexOf(':')
    if (colon === -1) return `size_chart: "${entry.trim()}" must be written as SIZE: chest 38, length 27`
    const row: SizeChartRow = {
      size: entry.slice(0, colon).trim(),
      chest: null,
      length: null,
      waist: null,
      sleeves: null,
    }
    for (const part of entry.slice(colon + 1).split(',')) {
      if (part.trim() === '') continue
      const [name, ...value] = part.trim().split(/\s+/)
      if (!(measures as readonly string[]).includes(name!.toLowerCase()) || value.length === 0)
        return `size_chart: "${part.trim()}" must be a measure (chest, length, waist or sleeves) and its value`
      row[name!.toLowerCase() as (typeof measures)[number]] = value.join(' ')
    }
    rows.push(row)
  }
  return rows
}

/** What the header says: each column's index, the sizes' columns in order, and what is wrong with it. */
export interface Header {
  index: Partial<Record<CatalogColumn, number>>
  sizes: { size: string; at: number }[]
  problems: string[]
}

export function readHeader(cells: string[]): Header {
  const header: Header = { index: {}, sizes: [], problems: [] }
  const seen = new Set<string>()
  cells.forEach((raw, at) => {
    const name = raw.trim()
    if (seen.has(name.toLowerCase())) header.problems.push(`The column "${name}" is there twice`)
    seen.add(name.toLowerCase())
    if (name.toLowerCase().startsWith(STOCK_COLUMN_PREFIX)) {
      header.sizes.push({ size: name.slice(STOCK_COLUMN_PREFIX.length).trim(), at })
    } else if ((catalogColumns as readonly string[]).includes(name.toLowerCase())) {
      header.index[name.toLowerCase() as CatalogColumn] = at
    } else if (name !== '') {
      header.problems.push(`The column "${name}" is not one the import knows (see the README's list)`)
    }
  })
  const missing = requiredCatalogColumns.filter((c) => header.index[c] === undefined)
  if (missing.length) header.problems.push(`The file has no column ${missing.join(', ')}`)
  if (header.sizes.length === 0) header.problems.push('The file has no stock column (one a size: "stock S", "stock M")')
  return header
}

/** One row as the import reads it: the console's input (checked by its schema), archived, the photo cells. */
export interface ImportRow {
  line: number
  code: string
  input: AdminProductInput
  /** Absent: the column is not in the file (the product keeps what it has). */
  archived?: boolean
  /** Each photo cell; absent or '' keeps the product's photo. */
  photos: (string | undefined)[]
  /** Columns the file lacks, whose values the product keeps. */
  kept: { nameUr: boolean; descriptionUr: boolean; bestSeller: boolean; sizeChart: boolean }
}

const yes = new Set(['yes', 'y', 'true', '1'])
const no = new Set(['no', 'n', 'false', '0', ''])

/**
 * A row of the file as the console's product input, checked with the very schema the
 * console's form is (contracts/admin.ts): the row, or every problem it has.
 */
export function readRow(
  header: Header,
  cells: string[],
  line: number,
  known: boolean,
): { row: ImportRow } | { problems: string[] } {
  const get = (c: CatalogColumn): string | undefined => {
    const at = header.index[c]
    return at === undefined ? undefined : unsafeCell(cells[at] ?? '')
  }
  const problems: string[] = []
  const code = (get('code') ?? '').trim()
  if (code === '') problems.push('code must not be empty')
  else if (!known && !newCodePattern.test(code))
    problems.push(
      `code "${code}" is not a product of the store, and a new product's code must be lower-case letters, digits and - (at most 80)`,
    )

  const flagOf = (c: 'best_seller' | 'archived'): boolean | undefined => {
    const value = get(c)
    if (value === undefined) return undefined
    const v = value.trim().toLowerCase()
    if (yes.has(v)) return true
    if (no.has(v)) return false
    problems.push(`${c} must be yes or no, not "${value}"`)
    return undefined
  }
  const bestSeller = flagOf('best_seller')
  const archived = flagOf('archived')

  const whole = (label: string, value: string): number | string => {
    const v = value.trim().replace(/[,\s]/g, '')
    return /^\d{1,12}$/.test(v) ? Number(v) : `${label} must be a whole number, not "${value.trim()}"`
  }
  const sizes: { size: string; stock: number }[] = []
  for (const { size, at } of header.sizes) {
    const cell = (cells[at] ?? '').trim()
    if (cell === '') continue
    const stock = whole(`stock ${size}`, cell)
    if (typeof stock === 'string') problems.push(stock)
    else sizes.push({ size, stock })
  }
  const price = whole('price', get('price') ?? '')
  if (typeof price === 'string') problems.push(price)

  const chartCell = get('size_chart')
  const chart = chartCell === undefined ? [] : parseChart(chartCell)
  if (typeof chart === 'string') problems.push(chart)

  const photos = (['photo1', 'photo2', 'photo3', 'photo4'] as const).map((c) => get(c)?.trim())
  if (problems.length) return { problems }

  const nameUr = get('name_ur')
  const descriptionUr = get('description_ur')
  const parsed = adminProductInputSchema.safeParse({
    name: get('name'),
    ...(nameUr === undefined ? {} : { nameUr }),
    description: get('description'),
    ...(descriptionUr === undefined ? {} : { descriptionUr }),
    price,
    // "men" or "topwear" as a spreadsheet user may type them: the store's own spelling.
    category: canonical(categories, get('category')),
    subCategory: canonical(subCategories, get('sub_category')),
    sizes,
    sizeChart: chart,
    bestSeller: bestSeller ?? false,
  })
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => columnWords(i.message)) }
  return {
    row: {
      line,
      code,
      input: parsed.data,
      ...(archived === undefined ? {} : { archived }),
      photos,
      kept: {
        nameUr: nameUr === undefined,
        descriptionUr: descriptionUr === undefined,
        bestSeller: bestSeller === undefined,
        sizeChart: chartCell === undefined,
      },
    },
  }
}

function canonical(names: readonly string[], value: string | undefined): string | undefined {
  const v = value?.trim()
  return names.find((n) => n.toLowerCase() === v?.toLowerCase()) ?? v
}

/** The console's field names in a message as the file names its columns. */
function columnWords(message: string): string {
  return message
    .replace(/^subCategory\b/, 'sub_category')
    .replace(/^nameUr\b/, 'name_ur')
    .replace(/^descriptionUr\b/, 'description_ur')
    .replace(/^sizes must name at least one size/, 'a product needs stock in at least one size column')
    .replace(/^sizeChart\b/, 'size_chart')
}

/**
 * The order of the file's size columns: every product's sizes in their own order where the
 * catalog allows it (a size before the one that follows it on any product), else by where
 * sizes first stand on a product, then by name.
 */
export function sizeColumns(sequence: {
  sizes: { size: string; first: number }[]
  pairs: { before: string; after: string }[]
}): string[] {
  const rank = new Map(sequence.sizes.map((s) => [s.size, s.first]))
  const byRank = (a: string, b: string) => rank.get(a)! - rank.get(b)! || (a < b ? -1 : a > b ? 1 : 0)
  const incoming = new Map<string, Set<string>>(sequence.sizes.map((s) => [s.size, new Set()]))
  for (const { before, after } of sequence.pairs) if (before !== after) incoming.get(after)?.add(before)
  const order: string[] = []
  const left = new Set(rank.keys())
  while (left.size) {
    const last = order.at(-1)
    const free = [...left].filter((s) => [...incoming.get(s)!].every((b) => !left.has(b))).sort(byRank)
    // A run of sizes stays together (2-3Y, 4-5Y, 6-7Y before XS); products that disagree (S
    // before M on one, M before S on another): the earliest-placed goes first.
    const next =
      free.find((s) => last !== undefined && incoming.get(s)!.has(last)) ?? free[0] ?? [...left].sort(byRank)[0]!
    order.push(next)
    left.delete(next)
  }
  return order
}
