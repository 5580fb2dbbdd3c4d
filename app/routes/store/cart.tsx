import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { ArrowRight, CircleAlert, ShoppingBag } from '#app/components/icons.tsx'
import type { Route } from './+types/cart'
import { cartUpdateSchema } from '#contracts/cart.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireUser } from '#app/lib/auth.server.ts'
import { formValues, parseForm } from '#app/lib/forms.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { redirectIn } from '#app/lib/i18n/language.ts'
import { langOfPath } from '#contracts/languages.ts'
import { useCart } from '#app/lib/cart/cart-context.tsx'
import { CartLine } from '#app/features/cart/cart-line.tsx'
import { CartTotals } from '#app/features/cart/cart-totals.tsx'
import { RemovedNotice } from '#app/features/cart/removed-notice.tsx'
import { cartView, parseQuantity } from '#app/lib/cart/cart-view.ts'
import { productsInCart } from '#app/features/cart/cart-products.server.ts'
import { cartMessage } from '#app/features/cart/cart-messages.ts'
import { discountAction, discountState } from '#app/lib/cart/discount.server.ts'
import { DiscountField, DiscountForm, useRefusalText } from '#app/features/cart/discount-field.tsx'
import { useReturnDays } from '#app/lib/root-data.ts'
import { pageCartLines } from '#app/lib/cart/page-cart-lines.server.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('meta.cart.title', { ns: 'cart' }),
    description: t('meta.cart.description', { ns: 'cart' }),
    origin: rootOrigin(matches),
  })
}

/** Signed-in only (docs/spec/store-spec.md §2); the products of the server cart, for the first render. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, url)
  const { services } = context.get(appContext)
  // Lines of products taken out of the store go, and the shopper is told which.
  const { cart, removed } = await services.cart.pageCart(user._id, pageCartLines(context, user._id))
  // The delivery settings and the applied discount code (docs/decisions/026).
  const discount = await discountState(context, request, user._id)
  return { products: await productsInCart(services.catalog, cart), removed, discount }
}

/**
 * A line's quantity or its delete button, posted before the app has booted
 * (docs/decisions/006); once it runs, the cart provider changes the cart instead. The
 * quantity rules are the input's: a whole number of 0 or more applies (0 removes the
 * line), capped at the line maximum; anything else is ignored, and the page shows the
 * cart as it is.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const user = requireUser(context, url)
  const { services } = context.get(appContext)
  const form = await request.formData()
  // The discount code field's own form (docs/decisions/026).
  const discount = await discountAction(context, request, form, user._id, '/cart')
  if (discount !== undefined) return discount
  const values = formValues(form, ['intent', 'itemId', 'size', 'quantity'])
  const line = parseForm(cartUpdateSchema, { ...values, quantity: parseQuantity(values.quantity ?? '') })
  if (values.intent !== 'update' || !line.success) return redirectIn(request, '/cart')
  const updated = await attempt(context, () => services.cart.update(user._id, line.data), {
    fallback: 'Your cart could not be updated. Please try again.',
    what: 'cart update',
  })
  // Answered with a fresh page, so a reload does not post again.
  return updated.ok ? redirectIn(request, '/cart') : { message: updated.message }
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('cart')
  const returnDays = useReturnDays()
  // The live cart: edits show at once and are synced by the cart provider.
  const live = useCart()
  const { cart, count } = live
  const { discount } = loaderData
  const { rows, totals, belowMinimum } = cartView(cart, loaderData.products, discount.delivery, discount.applied)
  const refusalText = useRefusalText()
  const typed = actionData && 'discount' in actionData ? actionData.discount : null
  const minimum = discount.applied?.minSubtotal ?? 0

  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <div className="flex items-baseline justify-between gap-4 border-b border-line pb-5">
        <h1 className="section-title">{t('cart.title')}</h1>
        {count > 0 && <p className="text-sm text-muted">{t('cart.count', { count })}</p>}
      </div>

      <RemovedNotice names={loaderData.removed} />

      {actionData && 'message' in actionData && actionData.message && (
        <p role="alert" className="mt-5 flex items-center gap-2 text-sm font-medium text-danger">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {cartMessage(t, actionData.message)}
        </p>
      )}

      {rows.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-2 grid gap-10 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-14">
          <section aria-labelledby="cart-items-title">
            <h2 id="cart-items-title" className="sr-only">
              {t('cart.itemsTitle')}
            </h2>
            <ul className="divide-y divide-line">
              {rows.map((row) => (
                <CartLine
                  key={`${row.productId}|${row.size}`}
                  row={row}
                  onQuantity={(productId, size, quantity) => void live.update(productId, size, quantity)}
                />
              ))}
            </ul>
          </section>
          <div className="space-y-6 lg:sticky lg:top-24 lg:self-start lg:pt-5">
            <DiscountForm id="discount-form" />
            <DiscountField
              formId="discount-form"
              applied={discount.applied?.code ?? null}
              note={belowMinimum ? refusalText({ reason: 'min-subtotal', minSubtotal: minimum }) : null}
              typed={typed?.code ?? discount.refused?.code ?? ''}
              error={
                typed ? refusalText(typed.refusal) : discount.refused ? refusalText(discount.refused.refusal) : null
              }
              kept={typed ? null : (discount.refused?.code ?? null)}
            />
            <CartTotals totals={totals} delivery={discount.delivery} code={discount.applied?.code ?? null}>
              <Link to="/placeorder" className="btn-primary mt-6 w-full">
                {t('cart.checkout')}
                <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />
              </Link>
              <p className="mt-4 text-center text-xs text-muted">
                {t('cart.codNote', { days: returnDays, count: returnDays })}
              </p>
            </CartTotals>
          </div>
        </div>
      )}
    </main>
  )
}

function EmptyCart() {
  const { t } = useTranslation('cart')
  return (
    <div className="flex flex-col items-center py-16 text-center sm:py-24">
      <span className="grid size-20 place-items-center rounded-full bg-sand text-accent">
        <ShoppingBag aria-hidden className="size-9" />
      </span>
      <h2 className="mt-6 font-display text-2xl font-semibold">{t('empty.title')}</h2>
      <p className="mt-2 max-w-sm text-muted">{t('empty.text')}</p>
      <Link to="/collection" className="btn-primary mt-8">
        {t('empty.browse')}
      </Link>
    </div>
  )
}
