import type { TFunction } from 'i18next'
import { categories, subCategories } from '#contracts/catalog.ts'
import {
  karachiInstant,
  karachiLocal,
  saleInputSchema,
  type Sale,
  type SaleInput,
  type SaleScope,
} from '#contracts/sales.ts'
import { parseForm, type FieldErrors } from '#app/lib/forms.ts'

/**
 * What the sale form shows, as text: a sale as stored or what the owner posted. The
 * window is in Pakistan time, as <input type="datetime-local"> holds it (docs/decisions/025).
 */
export interface SaleFormValues {
  name: string
  percentOff: string
  /** 'group' is a category, a sub-category or both. */
  scope: 'store' | 'group' | 'products'
  category: string
  subCategory: string
  /** Product ids, one a line (or separated by commas or spaces). */
  productIds: string
  startsAt: string
  endsAt: string
}

export function saleFormValues(sale: Sale | null, now: number): SaleFormValues {
  const scope: Record<SaleScope, SaleFormValues['scope']> = {
    store: 'store',
    products: 'products',
    category: 'group',
    subCategory: 'group',
  }
  return {
    name: sale?.name ?? '',
    percentOff: sale ? String(sale.percentOff) : '',
    scope: sale ? scope[sale.scope] : 'store',
    category: sale?.category ?? '',
    subCategory: sale?.subCategory ?? '',
    productIds: sale?.productIds.join('\n') ?? '',
    // A new sale starts on the next whole hour and runs a week.
    startsAt: karachiLocal(sale ? Date.parse(sale.startsAt) : nextHour(now)),
    endsAt: karachiLocal(sale ? Date.parse(sale.endsAt) : nextHour(now) + 7 * 24 * 60 * 60 * 1000),
  }
}

const nextHour = (now: number) => Math.ceil(now / 3_600_000) * 3_600_000

export function postedSaleValues(form: FormData): SaleFormValues {
  const text = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : ''
  }
  const scope = text('scope')
  return {
    name: text('name'),
    percentOff: text('percentOff'),
    scope: scope === 'group' || scope === 'products' ? scope : 'store',
    category: text('category'),
    subCategory: text('subCategory'),
    productIds: text('productIds'),
    startsAt: text('startsAt'),
    endsAt: text('endsAt'),
  }
}

/**
 * The posted form as the console's sale input, checked by the API's own schema; what the
 * schema cannot tell (a time that is not one, a group with neither) in the console's words.
 */
export function readSaleForm(
  t: TFunction<'admin'>,
  values: SaleFormValues,
): { ok: true; input: SaleInput } | { ok: false; message: string; fieldErrors: FieldErrors } {
  const time = (local: string) => {
    const at = karachiInstant(local.trim())
    return at === undefined ? null : new Date(at).toISOString()
  }
  const startsAt = time(values.startsAt)
  const endsAt = time(values.endsAt)
  if (startsAt === null) {
    const message = t('sales.form.startsAtInvalid')
    return { ok: false, message, fieldErrors: { startsAt: message } }
  }
  if (endsAt === null) {
    const message = t('sales.form.endsAtInvalid')
    return { ok: false, message, fieldErrors: { endsAt: message } }
  }
  const category = categories.find((c) => c === values.category)
  const subCategory = subCategories.find((c) => c === values.subCategory)
  if (values.scope === 'group' && !category && !subCategory) {
    const message = t('sales.form.groupMissing')
    return { ok: false, message, fieldErrors: { category: message } }
  }
  const productIds = [...new Set(values.productIds.split(/[\s,]+/).filter(Boolean))]
  const candidate = {
    name: values.name,
    percentOff: values.percentOff.trim() === '' ? Number.NaN : Number(values.percentOff),
    ...(values.scope === 'group' ? { ...(category ? { category } : {}), ...(subCategory ? { subCategory } : {}) } : {}),
    ...(values.scope === 'products' ? { productIds } : {}),
    startsAt,
    endsAt,
  }
  const parsed = parseForm(saleInputSchema, candidate)
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, message: parsed.message, fieldErrors: parsed.fieldErrors }
}
