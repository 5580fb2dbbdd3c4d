import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CircleAlert, Tag, X } from '#app/components/icons.tsx'
import type { DiscountRefusal } from '#contracts/discounts.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { Form } from '#app/lib/i18n/links.tsx'

/** A refusal in the page's words (docs/decisions/026); null: no code was typed. */
export function useRefusalText() {
  const { t } = useTranslation('cart')
  return (refusal: DiscountRefusal | null) =>
    refusal === null
      ? t('discount.enter')
      : refusal.reason === 'min-subtotal'
        ? t('discount.refused.min-subtotal', { amount: formatPrice(refusal.minSubtotal).replace(' ', '\u00a0') })
        : t(`discount.refused.${refusal.reason}`)
}

/**
 * The form the discount code field posts with: outside any other form (the checkout's
 * fields sit inside the order's form and name this one by its id), posted to the page's
 * own action, so it works before the app's scripts run.
 */
export function DiscountForm({ id }: { id: string }) {
  return <Form id={id} method="post" replace preventScrollReset />
}

/**
 * One "Discount code" field (docs/decisions/026): the code applied with a remove control,
 * or the field to type one, with why a code was refused.
 */
export function DiscountField({
  formId,
  applied,
  note,
  typed,
  error,
  kept = null,
}: {
  formId: string
  applied: string | null
  /** Said under an applied code: why it takes nothing off now (below its minimum). */
  note?: string | null
  typed?: string
  error?: string | null
  /** A code kept from before that no longer works: it can be removed. */
  kept?: string | null
}) {
  const { t } = useTranslation('cart')
  const errorId = `${formId}-error`
  return (
    <section aria-labelledby={`${formId}-title`} className="rounded-2xl border border-line bg-white p-6 sm:p-7">
      <h2 id={`${formId}-title`} className="text-sm font-semibold tracking-[0.2em] text-ink uppercase">
        {t('discount.title')}
      </h2>
      {applied !== null ? (
        <div className="mt-4">
          <div className="flex items-center justify-between gap-3 rounded-xl bg-sand px-4 py-3 text-sm">
            <p className="flex min-w-0 items-center gap-2">
              <Tag aria-hidden className="size-4 shrink-0 text-accent" />
              <span>
                {t('discount.applied')} <bdi className="font-semibold">{applied}</bdi>
              </span>
            </p>
            <button
              type="submit"
              form={formId}
              name="intent"
              value="removeDiscount"
              className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-accent underline-offset-4 hover:underline"
            >
              <X aria-hidden className="size-4" />
              {t('discount.remove')}
            </button>
          </div>
          {note && <p className="mt-2 text-sm text-muted">{note}</p>}
        </div>
      ) : (
        <div className="mt-4">
          <label htmlFor={`${formId}-code`} className="text-sm font-medium text-ink">
            {t('discount.label')}
          </label>
          <div className="mt-2 flex gap-2">
            <input
              id={`${formId}-code`}
              form={formId}
              name="code"
              type="text"
              dir="ltr"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              defaultValue={typed ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="field-input min-w-0 flex-1 uppercase"
            />
            <button type="submit" form={formId} name="intent" value="applyDiscount" className="btn-secondary shrink-0">
              {t('discount.apply')}
            </button>
          </div>
          {error && (
            <p id={errorId} role="alert" className="mt-2 flex items-center gap-2 text-sm font-medium text-danger">
              <CircleAlert aria-hidden className="size-4 shrink-0" />
              {error}
            </p>
          )}
          {kept !== null && (
            <button
              type="submit"
              form={formId}
              name="intent"
              value="removeDiscount"
              className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-accent underline-offset-4 hover:underline"
            >
              <X aria-hidden className="size-4" />
              {t('discount.removeKept', { code: kept })}
            </button>
          )}
        </div>
      )}
    </section>
  )
}
