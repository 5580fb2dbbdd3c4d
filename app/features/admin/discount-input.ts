import { adminDiscountSchema, type AdminDiscount, type AdminDiscountInput } from '#contracts/discounts.ts'
import type { TFunction } from 'i18next'
import { formatPrice } from '#contracts/pricing.ts'
import { parseForm, type FieldErrors } from '#app/lib/forms.ts'

// The console's discount form (docs/decisions/026): what it posts, read into the API's
// input; times are typed as Karachi wall-clock time (UTC+5 all year, no summer time).

export const DISCOUNT_FIELDS = [
  'code',
  'kind',
  'value',
  'minSubtotal',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerCustomer',
  'firstOrderOnly',
  'appliesToSale',
] as const
export type DiscountFormValues = Partial<Record<(typeof DISCOUNT_FIELDS)[number], string>>

const KARACHI_OFFSET_MS = 5 * 60 * 60_000

/** '2026-12-01T09:00' typed in Karachi, as ISO 8601; empty stays empty. */
export function karachiToIso(local: string): string | null {
  if (local.trim() === '') return null
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(local.trim())) return local
  return `${local.trim()}:00+05:00`
}

/** An ISO time as the datetime-local field shows it, in Karachi. */
export function isoToKarachi(iso: string | null): string {
  if (iso === null) return ''
  return new Date(Date.parse(iso) + KARACHI_OFFSET_MS).toISOString().slice(0, 16)
}

const wholeOrNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : Number(v.trim()))
const wholeOrUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : Number(v.trim()))

/** The posted form as the API's input, checked with the same schema the API uses. */
export function readDiscountForm(
  values: DiscountFormValues,
): { ok: true; input: AdminDiscountInput } | { ok: false; message: string; fieldErrors: FieldErrors } {
  const parsed = parseForm(adminDiscountSchema, {
    code: values.code ?? '',
    kind: values.kind ?? '',
    value: wholeOrUndefined(values.value),
    minSubtotal: wholeOrUndefined(values.minSubtotal),
    startsAt: karachiToIso(values.startsAt ?? ''),
    endsAt: karachiToIso(values.endsAt ?? ''),
    maxUses: wholeOrNull(values.maxUses),
    maxUsesPerCustomer: wholeOrNull(values.maxUsesPerCustomer),
    firstOrderOnly: values.firstOrderOnly === 'on',
    appliesToSale: values.appliesToSale === 'on',
  })
  if (!parsed.success) return { ok: false, message: parsed.message, fieldErrors: parsed.fieldErrors }
  return { ok: true, input: parsed.data }
}

/** A saved code as the form's fields. */
export function discountFormValues(d: AdminDiscount): DiscountFormValues {
  return {
    code: d.code,
    kind: d.kind,
    value: d.kind === 'free_delivery' ? '' : String(d.value),
    minSubtotal: d.minSubtotal ? String(d.minSubtotal) : '',
    startsAt: isoToKarachi(d.startsAt),
    endsAt: isoToKarachi(d.endsAt),
    maxUses: d.maxUses === null ? '' : String(d.maxUses),
    maxUsesPerCustomer: d.maxUsesPerCustomer === null ? '' : String(d.maxUsesPerCustomer),
    firstOrderOnly: d.firstOrderOnly ? 'on' : '',
    appliesToSale: d.appliesToSale ? 'on' : '',
  }
}

/** '20% off', 'Rs 500 off', 'Free delivery', in the console's words. */
export function describeValue(t: TFunction<'admin'>, d: Pick<AdminDiscount, 'kind' | 'value'>): string {
  if (d.kind === 'percent') return t('discounts.value.percent', { value: d.value })
  if (d.kind === 'fixed') return t('discounts.value.fixed', { amount: formatPrice(d.value) })
  return t('discounts.value.free_delivery')
}
