import { adminProductInputSchema, photoSlots, type AdminProductInput, type PhotoSlot } from '#contracts/admin.ts'

/** Blank rows the form offers for new sizes and chart rows (the form works without scripts). */
export const EXTRA_ROWS = 3

/** What the form posts, read back into the console's product input; blank rows are skipped. */
export function readProductForm(
  form: FormData,
):
  | { ok: true; input: AdminProductInput; photos: Partial<Record<PhotoSlot, File>> }
  | { ok: false; message: string; field: string } {
  const text = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : ''
  }
  const all = (name: string) => form.getAll(name).map((v) => (typeof v === 'string' ? v.trim() : ''))
  const sizes = all('size')
    .map((size, i) => ({ size, stock: all('stock')[i] ?? '' }))
    .filter((r) => r.size !== '')
    .map((r) => ({ size: r.size, stock: r.stock === '' ? 0 : Number(r.stock) }))
  const columns = ['chest', 'length', 'waist', 'sleeves'] as const
  const chartSizes = all('chartSize')
  const sizeChart = chartSizes
    .map((size, i) => ({
      size,
      ...Object.fromEntries(columns.map((c) => [c, all(c)[i] || null])),
    }))
    .filter((r) => r.size !== '')
  const candidate = {
    name: text('name').trim(),
    description: text('description').trim(),
    price: text('price').trim() === '' ? Number.NaN : Number(text('price')),
    category: text('category'),
    subCategory: text('subCategory'),
    sizes,
    sizeChart,
    bestSeller: form.get('bestSeller') === 'on',
  }
  const parsed = adminProductInputSchema.safeParse(candidate)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, message: issue?.message ?? 'Check the fields', field: String(issue?.path[0] ?? '') }
  }
  const photos: Partial<Record<PhotoSlot, File>> = {}
  for (const slot of photoSlots) {
    const file = form.get(`photo${slot}`)
    if (file instanceof File && file.size > 0) photos[slot] = file
  }
  return { ok: true, input: parsed.data, photos }
}
