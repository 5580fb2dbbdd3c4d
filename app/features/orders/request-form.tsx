import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { CircleAlert, CircleCheck } from '#app/components/icons.tsx'
import { Form } from '#app/lib/i18n/links.tsx'
import { useLang } from '#app/lib/i18n/language.ts'
import { formatOrderDate } from '#app/lib/dates.ts'
import { ProductImage } from '#app/components/product-image.tsx'
import type { FieldErrors } from '#contracts/parse.ts'
import type { Order } from '#contracts/orders.ts'
import { REQUEST_NOTE_MAX, REQUEST_PHOTOS_MAX, requestKinds, requestReasons } from '#contracts/requests.ts'
import { orderMessage } from '#app/features/orders/order-labels.ts'

/** What the page's action answers the request form. */
export type RequestResult =
  { requestSent: true } | { requestError: string; fieldErrors: FieldErrors; values: Record<string, string> }

/** What the form may offer (the order service's requestOptions). */
export interface RequestFormOptions {
  until: number
  lines: { productId: string; size: string; left: number; sizes: { size: string; inStock: boolean }[] }[]
}

/**
 * A shopper's exchange or return of pieces of their Delivered order (docs/decisions/036):
 * how many of each line, the size wanted for an exchange, exchange or return, a reason
 * from the list, a note and up to three photos. One plain multipart form posted to the
 * order's page, so it works before the app's scripts run.
 */
export function RequestForm({
  order,
  options,
  result,
}: {
  order: Pick<Order, 'items'>
  options: RequestFormOptions
  result: RequestResult | undefined
}) {
  const { t } = useTranslation('orders')
  const lang = useLang()
  const failed = result && 'requestError' in result ? result : null
  const values = failed?.values ?? {}
  const errors = failed?.fieldErrors ?? {}
  const error = (name: string) => (errors[name] ? orderMessage(t, errors[name]) : undefined)

  return (
    <section
      id="request"
      aria-labelledby="request-title"
      className="scroll-mt-24 rounded-2xl border border-line p-5 sm:p-6"
    >
      <h2 id="request-title" className="font-display text-lg font-semibold text-ink">
        {t('request.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('request.intro', { date: formatOrderDate(options.until, lang) })}</p>
      {failed && (
        <p role="alert" className="mt-3 flex items-center gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {orderMessage(t, failed.requestError)}
        </p>
      )}
      <Form method="post" encType="multipart/form-data" preventScrollReset className="mt-5 space-y-6">
        <input type="hidden" name="intent" value="request" />
        <fieldset>
          <legend className="field-label">{t('request.kind')}</legend>
          <div className="flex flex-wrap gap-2">
            {requestKinds.map((kind) => (
              <label
                key={kind}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-4 text-sm has-checked:border-ink has-checked:bg-sand"
              >
                <input type="radio" name="kind" value={kind} required defaultChecked={values.kind === kind} />
                {t(`request.kinds.${kind}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="field-label">{t('request.pieces')}</legend>
          <p className="text-xs text-muted">{t('request.piecesHint')}</p>
          <ul className="mt-2 divide-y divide-line">
            {order.items.map((item, n) => {
              const line = options.lines[n]
              if (!line || line.left <= 0) return null
              const quantityError = error(`line.${n}.quantity`) ?? error(`line.${n}._id`)
              const sizeError = error(`line.${n}.newSize`)
              return (
                <li key={`${item._id}|${item.size}`} className="flex flex-wrap gap-4 py-4">
                  <div className="w-14 shrink-0 overflow-hidden rounded-lg bg-sand">
                    <ProductImage src={item.image} alt="" sizes="56px" />
                  </div>
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="text-sm font-medium text-ink" dir="auto" id={`request-line-${n}`}>
                      {item.name}
                    </p>
                    <p className="text-xs text-muted">
                      {t('order.line', { size: item.size, quantity: item.quantity })}
                    </p>
                    <div className="mt-2 grid grid-cols-2 gap-3">
                      <div>
                        <label htmlFor={`request-quantity-${n}`} className="text-xs font-medium text-ink">
                          {t('request.quantity')}
                        </label>
                        <select
                          id={`request-quantity-${n}`}
                          name={`quantity.${n}`}
                          defaultValue={values[`quantity.${n}`] ?? '0'}
                          aria-describedby={`request-line-${n}${quantityError ? ` request-quantity-${n}-error` : ''}`}
                          aria-invalid={quantityError ? true : undefined}
                          className="field-input mt-1"
                        >
                          {Array.from({ length: line.left + 1 }, (_, q) => (
                            <option key={q} value={q}>
                              {q === 0 ? t('request.none') : q}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div>
                        <label htmlFor={`request-size-${n}`} className="text-xs font-medium text-ink">
                          {t('request.newSize')}
                        </label>
                        <select
                          id={`request-size-${n}`}
                          name={`newSize.${n}`}
                          defaultValue={values[`newSize.${n}`] ?? ''}
                          aria-describedby={`request-line-${n}${sizeError ? ` request-size-${n}-error` : ''}`}
                          aria-invalid={sizeError ? true : undefined}
                          className="field-input mt-1"
                        >
                          <option value="">{t('request.chooseSize')}</option>
                          {line.sizes.map(({ size, inStock }) => (
                            <option key={size} value={size} disabled={!inStock}>
                              {inStock ? size : t('request.soldOut', { size: `\u2068${size}\u2069` })}
                            </option>
                          ))}
                        </select>
                      </div>
                    </div>
                    {quantityError && (
                      <p id={`request-quantity-${n}-error`} className="field-error">
                        {quantityError}
                      </p>
                    )}
                    {sizeError && (
                      <p id={`request-size-${n}-error`} className="field-error">
                        {sizeError}
                      </p>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        </fieldset>

        <div>
          <label htmlFor="request-reason" className="field-label">
            {t('request.reason')}
          </label>
          <select
            id="request-reason"
            name="reason"
            required
            defaultValue={values.reason ?? ''}
            className="field-input"
            aria-invalid={errors.reason ? true : undefined}
          >
            <option value="">{t('request.chooseReason')}</option>
            {requestReasons.map((reason) => (
              <option key={reason} value={reason}>
                {t(`request.reasons.${reason}`)}
              </option>
            ))}
          </select>
        </div>

        <div>
          <label htmlFor="request-note" className="field-label">
            {t('request.note')}
          </label>
          <textarea
            id="request-note"
            name="note"
            rows={3}
            dir="auto"
            maxLength={REQUEST_NOTE_MAX}
            defaultValue={values.note ?? ''}
            className="field-input"
          />
        </div>

        <div>
          <label htmlFor="request-photos" className="field-label">
            {t('request.photos')}
          </label>
          <input
            id="request-photos"
            type="file"
            name="photos"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-describedby="request-photos-hint"
            className="block w-full text-sm text-ink file:me-3 file:min-h-11 file:rounded-full file:border file:border-ink file:bg-white file:px-4 file:text-sm file:font-semibold"
          />
          <p id="request-photos-hint" className="mt-1 text-xs text-muted">
            {t('request.photosHint', { count: REQUEST_PHOTOS_MAX })}
          </p>
        </div>

        <button type="submit" className="btn-primary w-full sm:w-auto">
          {t('request.submit')}
        </button>
      </Form>
    </section>
  )
}

/** The answer after a request was sent (the page shows its card). */
export function RequestSent() {
  const { t } = useTranslation('orders')
  return (
    <p role="status" className="mt-5 flex items-center gap-2 text-sm font-medium text-success">
      <CircleCheck aria-hidden className="size-4 shrink-0" />
      {t('request.sent')}
    </p>
  )
}
