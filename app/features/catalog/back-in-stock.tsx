import { Trans } from '#app/lib/i18n/trans.tsx'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link, useLocalePath } from '#app/lib/i18n/links.tsx'
import { BellRing, Check } from '#app/components/icons.tsx'

/**
 * Sold-out sizes of a product: a signed-in shopper asks for one email when a size is
 * back (and can cancel); a guest is asked to sign in first. Plain forms posted to the
 * product page, so they work before the app has started (docs/decisions/006).
 */
export function BackInStock({
  productId,
  soldOut,
  waiting,
}: {
  productId: string
  soldOut: string[]
  /** The sizes this shopper is waiting for; null for a guest. */
  waiting: string[] | null
}) {
  const { t } = useTranslation('catalog')
  const localePath = useLocalePath()
  if (soldOut.length === 0) return null
  return (
    <section
      id="back-in-stock"
      aria-labelledby="back-in-stock-title"
      className="mt-6 scroll-mt-24 rounded-xl border border-line bg-white p-4"
    >
      <h2 id="back-in-stock-title" className="flex items-center gap-2 text-sm font-semibold text-ink">
        <BellRing aria-hidden className="size-4 shrink-0 text-accent" />
        {t('backInStock.title', { sizes: soldOut.join(t('list.separator')) })}
      </h2>
      {waiting === null ? (
        <p className="mt-2 text-sm text-muted">
          {/* Back to this page in its own language once signed in. */}
          <Trans
            t={t}
            i18nKey="backInStock.signIn"
            components={[
              <Link
                key="sign-in"
                to={`/login?redirectTo=${encodeURIComponent(localePath(`/productdetail/${productId}#back-in-stock`))}`}
                className="font-medium text-accent underline underline-offset-4"
              />,
            ]}
          />
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {soldOut.map((size) => (
            <li key={size}>
              <Form method="post" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <input type="hidden" name="itemId" value={productId} />
                <input type="hidden" name="size" value={size} />
                {waiting.includes(size) ? (
                  <>
                    <span className="flex items-center gap-1.5 text-success">
                      <Check aria-hidden className="size-4 shrink-0" />
                      {t('backInStock.waiting', { size })}
                    </span>
                    <button
                      type="submit"
                      name="intent"
                      value="notify-cancel"
                      aria-label={t('backInStock.cancelLabel', { size })}
                      className="min-h-11 font-medium text-muted underline underline-offset-4 hover:text-ink"
                    >
                      {t('backInStock.cancel')}
                    </button>
                  </>
                ) : (
                  <button type="submit" name="intent" value="notify" className="btn-secondary min-h-11 px-4 text-sm">
                    {t('backInStock.notify', { size })}
                  </button>
                )}
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
