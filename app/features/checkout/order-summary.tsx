import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { Price } from '#app/components/price.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import type { CartRow } from '#app/lib/cart/cart-view.ts'

/** The lines the shopper is ordering, with the way back to the cart to change them. */
export function OrderSummary({ rows }: { rows: CartRow[] }) {
  const { t } = useTranslation('cart')
  return (
    <section aria-labelledby="summary-title" className="rounded-2xl border border-line bg-white p-6 sm:p-7">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="summary-title" className="text-sm font-semibold tracking-[0.2em] text-ink uppercase">
          {t('summary.title')}
        </h2>
        <Link to="/cart" className="text-sm font-medium text-accent underline-offset-4 hover:underline">
          {t('summary.editCart')}
        </Link>
      </div>
      <ul className="mt-4 divide-y divide-line">
        {rows.map((row) => (
          <li key={`${row.productId}|${row.size}`} className="flex items-center gap-3 py-3">
            <div className="w-12 shrink-0 overflow-hidden rounded-md bg-sand">
              {row.product && <ProductImage src={row.product.image1} alt="" sizes="48px" />}
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p dir="auto" className="truncate font-medium">
                {row.product?.name ?? t('line.unavailable')}
              </p>
              <p className="text-muted">{t('summary.line', { size: row.size, quantity: row.quantity })}</p>
            </div>
            {row.product && <Price amount={row.product.price * row.quantity} className="text-sm font-medium" />}
          </li>
        ))}
      </ul>
    </section>
  )
}
