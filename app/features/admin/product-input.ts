import {
  adminProductInputSchema,
  MAX_SIZES,
  photoSlots,
  type AdminProduct,
  type AdminProductInput,
  type PhotoSlot,
} from '#contracts/admin.ts'
import { karachiInstant, karachiLocal } from '#contracts/sales.ts'
import { parseForm, type FieldErrors } from '#app/lib/forms.ts'

/**
 * Blank rows the form offers for new sizes and chart rows; "Add a size" offers one more
 * of each (the form works without scripts: then the page posts for it, addedSizeRow).
 */
export const EXTRA_ROWS = 3

const chartColumns = ['chest', 'length', 'waist', 'sleeves'] as const

/**
 * What the product form shows, as text: the product as stored, or what the owner posted
 * (a refused save shows the form as they typed it). `opened` is each size's stock as the
 * owner opened the product, carried in hidden inputs so a save changes only the counts
 * they changed (docs/decisions/017); it stays what was first opened until they reload.
 */
export interface ProductFormValues {
  name: string
  nameUr: string
  description: string
  descriptionUr: string
  price: string
  category: string
  subCategory: string
  bestSeller: boolean
  sizes: { size: string; stock: string }[]
  chart: { size: string; chest: string; length: string; waist: string; sleeves: string }[]
  opened: { size: string; stock: string }[]
  /** The product's own sale: its price, and its window in Pakistan time ("2026-12-01T00:00"). */
  salePrice: string
  saleStartsAt: string
  saleEndsAt: string
}

/** The form's values for a product as stored (null: a new product), with blank rows to add sizes. */
export function productFormValues(product: AdminProduct | null): ProductFormValues {
  const blank = <T>(row: T) => Array.from({ length: EXTRA_ROWS }, () => ({ ...row }))
  return {
    name: product?.name ?? '',
    nameUr: product?.nameUr ?? '',
    description: product?.description ?? '',
    descriptionUr: product?.descriptionUr ?? '',
    price: product ? String(product.price) : '',
    category: product?.category ?? 'Men',
    subCategory: product?.subCategory ?? 'TopWear',
    bestSeller: product?.bestSeller ?? false,
    sizes: [...(product?.sizes ?? []).map((s) => ({ size: s.size, stock: String(s.stock) })), ...blank(blankSize)],
    chart: [
      ...(product?.sizeChart ?? []).map((r) => ({
        size: r.size,
        chest: r.chest ?? '',
        length: r.length ?? '',
        waist: r.waist ?? '',
        sleeves: r.sleeves ?? '',
      })),
      ...blank(blankChartRow),
    ],
    opened: (product?.sizes ?? []).map((s) => ({ size: s.size, stock: String(s.stock) })),
    salePrice: product?.sale ? String(product.sale.price) : '',
    saleStartsAt: product?.sale ? karachiLocal(Date.parse(product.sale.startsAt)) : '',
    saleEndsAt: product?.sale ? karachiLocal(Date.parse(product.sale.endsAt)) : '',
  }
}

export const blankSize = { size: '', stock: '' }
export const blankChartRow = { size: '', chest: '', length: '', waist: '', sleeves: '' }

/** Whether the form may offer another size row: a product has at most MAX_SIZES sizes. */
export function canAddSize(values: Pick<ProductFormValues, 'sizes'>): boolean {
  return values.sizes.length < MAX_SIZES
}

/**
 * The form as posted with one more blank size row, and a chart row for it (a product
 * sold in S to XXL needs five of each, where the form starts with three blank ones).
 */
export function addedSizeRow(values: ProductFormValues): ProductFormValues {
  if (!canAddSize(values)) return values
  return {
    ...values,
    sizes: [...values.sizes, { ...blankSize }],
    chart: values.chart.length < MAX_SIZES ? [...values.chart, { ...blankChartRow }] : values.chart,
  }
}

/** What the owner posted, as the form shows it again. */
export function postedFormValues(form: FormData): ProductFormValues {
  const text = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : ''
  }
  const all = (name: string) => form.getAll(name).map((v) => (typeof v === 'string' ? v : ''))
  const stocks = all('stock')
  const openedStocks = all('openedStock')
  const columns = Object.fromEntries(chartColumns.map((c) => [c, all(c)])) as Record<
    (typeof chartColumns)[number],
    string[]
  >
  return {
    name: text('name'),
    nameUr: text('nameUr'),
    description: text('description'),
    descriptionUr: text('descriptionUr'),
    price: text('price'),
    category: text('category'),
    subCategory: text('subCategory'),
    bestSeller: form.get('bestSeller') === 'on',
    sizes: all('size').map((size, i) => ({ size, stock: stocks[i] ?? '' })),
    chart: all('chartSize').map((size, i) => ({
      size,
      chest: columns.chest[i] ?? '',
      length: columns.length[i] ?? '',
      waist: columns.waist[i] ?? '',
      sleeves: columns.sleeves[i] ?? '',
    })),
    opened: all('openedSize').map((size, i) => ({ size, stock: openedStocks[i] ?? '' })),
    salePrice: text('salePrice'),
    saleStartsAt: text('saleStartsAt'),
    saleEndsAt: text('saleEndsAt'),
  }
}

/**
 * The form's own sale as the console's input takes it: null when all three are blank;
 * Pakistan-time fields as ISO 8601 (a field that is not a time is passed on as typed,
 * and refused by the schema naming it).
 */
function ownSaleOf(values: ProductFormValues) {
  const price = values.salePrice.trim()
  const starts = values.saleStartsAt.trim()
  const ends = values.saleEndsAt.trim()
  if (!price && !starts && !ends) return null
  const iso = (local: string) => {
    const at = karachiInstant(local)
    return at === undefined ? local : new Date(at).toISOString()
  }
  return { price: price === '' ? Number.NaN : Number(price), startsAt: iso(starts), endsAt: iso(ends) }
}

/** What the form posts, read back into the console's product input; blank rows are skipped. */
export function readProductForm(
  form: FormData,
):
  | { ok: true; input: AdminProductInput; photos: Partial<Record<PhotoSlot, File>> }
  | { ok: false; message: string; fieldErrors: FieldErrors } {
  const values = postedFormValues(form)
  const sizes = values.sizes
    .map((r) => ({ size: r.size.trim(), stock: r.stock.trim() }))
    .filter((r) => r.size !== '')
    .map((r) => ({ size: r.size, stock: r.stock === '' ? 0 : Number(r.stock) }))
  const sizeChart = values.chart
    .map((r) => ({
      size: r.size.trim(),
      ...Object.fromEntries(chartColumns.map((c) => [c, r[c].trim() || null])),
    }))
    .filter((r) => r.size !== '')
  // A new product's form has no opened counts; a change's always has one a size.
  const openedStock = values.opened.length
    ? Object.fromEntries(
        values.opened.map((r) => [r.size.trim(), r.stock.trim() === '' ? Number.NaN : Number(r.stock)]),
      )
    : undefined
  const candidate = {
    name: values.name.trim(),
    // Always sent by the form: empty clears the Urdu words (contracts/admin.ts).
    nameUr: values.nameUr,
    description: values.description.trim(),
    descriptionUr: values.descriptionUr,
    price: values.price.trim() === '' ? Number.NaN : Number(values.price),
    category: values.category,
    subCategory: values.subCategory,
    sizes,
    sizeChart,
    bestSeller: values.bestSeller,
    ...(openedStock ? { openedStock } : {}),
    sale: ownSaleOf(values),
  }
  const parsed = parseForm(adminProductInputSchema, candidate)
  if (!parsed.success) return { ok: false, message: parsed.message, fieldErrors: parsed.fieldErrors }
  const photos: Partial<Record<PhotoSlot, File>> = {}
  for (const slot of photoSlots) {
    const file = form.get(`photo${slot}`)
    if (file instanceof File && file.size > 0) photos[slot] = file
  }
  return { ok: true, input: parsed.data, photos }
}
