import { useEffect, useRef, useState } from 'react'
import { redirect, useNavigation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { Banknote, CircleAlert, Lock, ShoppingBag } from '#app/components/icons.tsx'
import type { Route } from './+types/placeorder'
import { addressSchema, CART_CHANGED_MESSAGE, idempotencyKeySchema, placeOrderSchema } from '#contracts/orders.ts'
import { discountCodeField } from '#contracts/discounts.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireUser } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { focusFirstError, formValues, parseForm, validateBeforeSubmit, type FieldErrors } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { requestLang } from '#app/lib/i18n/language.ts'
import { langOfPath, localePath, withoutLang } from '#contracts/languages.ts'
import { AddressFieldset } from '#app/components/address-fieldset.tsx'
import { useCart } from '#app/lib/cart/cart-context.tsx'
import { CartTotals } from '#app/features/cart/cart-totals.tsx'
import { RemovedNotice } from '#app/features/cart/removed-notice.tsx'
import { cartView } from '#app/lib/cart/cart-view.ts'
import { productsInCart } from '#app/features/cart/cart-products.server.ts'
import { addressFieldNames } from '#app/lib/address-fields.ts'
import { MAX_SAVED_ADDRESSES } from '#contracts/account.ts'
import { orderItems } from '#app/features/checkout/order-lines.ts'
import { OrderSummary } from '#app/features/checkout/order-summary.tsx'
import { SavedAddresses } from '#app/features/checkout/saved-addresses.tsx'
import { cartMessage } from '#app/features/cart/cart-messages.ts'
import { appliedCode, discountAction, discountState } from '#app/lib/cart/discount.server.ts'
import { DiscountField, DiscountForm, useRefusalText } from '#app/features/cart/discount-field.tsx'
import { pageCartLines } from '#app/lib/cart/page-cart-lines.server.ts'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('meta.checkout.title', { ns: 'cart' }),
    description: t('meta.checkout.description', { ns: 'cart' }),
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, url)
  const { services } = context.get(appContext)
  // Lines of products taken out of the store go, and the shopper is told which.
  const [{ cart, removed }, addresses] = await Promise.all([
    services.cart.pageCart(user._id, pageCartLines(context, user._id)),
    services.account.addresses(user._id),
  ])
  // A saved address chosen by a plain link (?address=id) fills the form on the server; else the default.
  const asked = url.searchParams.get('address')
  const chosen = addresses.find((a) => a._id === asked) ?? addresses.find((a) => a.isDefault) ?? null
  // One key per checkout attempt: a double submit, or a retry after the answer was
  // lost, gets the order the first one placed (docs/decisions/013).
  return {
    products: await productsInCart(services.catalog, cart),
    // The delivery settings and the applied discount code (docs/decisions/026).
    discount: await discountState(context, request, user._id),
    email: user.email,
    removed,
    addresses,
    chosen,
    checkoutKey: crypto.randomUUID(),
  }
}

/**
 * A refused order re-renders the page with its message. It is answered 200 so that,
 * as after any successful action, every loader runs again: a 409 (the cart changed)
 * then shows the fresh cart and totals beside the message.
 */
interface PlaceOrderResult {
  message?: string
  fieldErrors?: FieldErrors
  values: Record<string, string>
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = requireUser(context, url)
  const { services, clientAddress } = context.get(appContext)
  const form = await request.formData()
  // The discount code field's own form (docs/decisions/026).
  const discount = await discountAction(context, request, form, user._id, '/placeorder')
  if (discount !== undefined) return discount
  const values = formValues(form, [...addressFieldNames, 'saveAddress'])

  const address = parseForm(addressSchema, values)
  if (!address.success) {
    return { fieldErrors: address.fieldErrors, values } satisfies PlaceOrderResult
  }
  // The lines and amount the shopper saw; the server orders its own cart and only
  // compares them (docs/spec/rulings.md #13), so a stale page is refused instead of surprising anyone.
  // The page's language: where the shopper is sent next, and the order's own language, for
  // its emails and the console's WhatsApp message (docs/decisions/024).
  const lang = requestLang(request)
  // The code the page showed applied (docs/decisions/026): a kept code the page showed
  // refused, or below its minimum, is not sent, so the order is what the shopper saw.
  const sentCode = discountCodeField.safeParse(form.get('discountCode'))
  const code = sentCode.success ? sentCode.data : null
  const order = parseForm(placeOrderSchema, {
    address: values,
    items: parseJson(form.get('items')),
    amount: Number(form.get('amount')),
    language: lang,
    // The code applied in the cart or here, priced again by the server as the order is placed.
    ...(code === null ? {} : { discountCode: code }),
  })
  if (!order.success) {
    return { message: CART_CHANGED_MESSAGE, values } satisfies PlaceOrderResult
  }
  const key = parseForm(idempotencyKeySchema, form.get('idempotencyKey'))
  const placed = await attempt(context, () =>
    key.success
      ? services.orders.placeOnce(user._id, order.data, key.data, clientAddress).then((r) => r.order)
      : services.orders.place(user._id, order.data, undefined, clientAddress),
  )
  if (!placed.ok) {
    return {
      message: placed.message,
      fieldErrors: addressErrors(placed.fieldErrors),
      values,
    } satisfies PlaceOrderResult
  }
  // docs/spec/store-spec.md §4: the cart is emptied (in the order's transaction) and the shopper sees the order.
  // The code was used: it is no longer kept for the next checkout.
  const used =
    appliedCode(request) === null
      ? {}
      : { headers: { 'Set-Cookie': context.get(appContext).sessionCookies.discount(null) } }
  if (form.get('saveAddress') !== 'on') return redirect(localePath(lang, '/order'), used)
  // Saved after the order has committed, never with it: a full address book or a
  // failure here must not cost the shopper their order (docs/decisions/012).
  const saved = await attempt(context, () => services.account.saveFromCheckout(user._id, address.data), {
    fallback: 'failed',
    what: 'saving the checkout address',
  })
  return redirect(localePath(lang, `/order?address=${saved.ok ? saved.value : 'failed'}`), used)
}

function parseJson(value: FormDataEntryValue | null): unknown {
  if (typeof value !== 'string') return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

/** The service names address fields 'address.city'; the form names them 'city'. */
function addressErrors(fields: FieldErrors | undefined): FieldErrors | undefined {
  if (!fields) return undefined
  const errors: FieldErrors = {}
  for (const [key, message] of Object.entries(fields)) errors[key.replace(/^address\./, '')] = message
  return errors
}

export default function PlaceOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('cart')
  const { cart } = useCart()
  const { discount } = loaderData
  const { rows, totals, belowMinimum } = cartView(cart, loaderData.products, discount.delivery, discount.applied)
  const refusalText = useRefusalText()
  const result = actionData && 'discount' in actionData ? null : actionData
  const typed = actionData && 'discount' in actionData ? actionData.discount : null
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const submitting = navigation.state !== 'idle' && withoutLang(navigation.formAction ?? '').startsWith('/placeorder')
  const errors = clientErrors ?? result?.fieldErrors ?? {}

  // Server-side field messages: take the shopper to the first one.
  useEffect(() => {
    focusFirstError(formRef.current, addressFieldNames, result?.fieldErrors)
  }, [result])

  function validate(event: React.FormEvent<HTMLFormElement>) {
    setClientErrors(validateBeforeSubmit(event, addressSchema, addressFieldNames))
  }

  /** A field being corrected loses its message as soon as it is right. */
  function recheck(event: React.FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement
    if (!errors[target.name]) return
    const parsed = parseForm(addressSchema, formValues(new FormData(event.currentTarget), addressFieldNames))
    const now = parsed.success ? {} : parsed.fieldErrors
    if (!now[target.name]) setClientErrors({ ...errors, [target.name]: undefined })
  }

  if (rows.length === 0 && !submitting) {
    return (
      <main id="main" className="container-page py-10 sm:py-14">
        <h1 className="section-title border-b border-line pb-5">{t('checkout.title')}</h1>
        <RemovedNotice names={loaderData.removed} />
        <div className="flex flex-col items-center py-16 text-center sm:py-24">
          <span className="grid size-20 place-items-center rounded-full bg-sand text-accent">
            <ShoppingBag aria-hidden className="size-9" />
          </span>
          <h2 className="mt-6 font-display text-2xl font-semibold">{t('empty.title')}</h2>
          <p className="mt-2 max-w-sm text-muted">{t('checkout.emptyText')}</p>
          <Link to="/collection" className="btn-primary mt-8">
            {t('empty.browse')}
          </Link>
        </div>
      </main>
    )
  }

  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <h1 className="section-title border-b border-line pb-5">{t('checkout.title')}</h1>
      <RemovedNotice names={loaderData.removed} />
      {/* The discount code's own form: its fields sit in the order's form and name it (docs/decisions/026). */}
      <DiscountForm id="discount-form" />
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={validate}
        onChange={recheck}
        className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-14"
      >
        <section aria-labelledby="delivery-title" className="min-w-0">
          <h2 id="delivery-title" className="text-sm font-semibold tracking-[0.2em] text-ink uppercase">
            {t('checkout.delivery')}
          </h2>
          <SavedAddresses addresses={loaderData.addresses} chosen={loaderData.chosen} />
          <p className="mt-6 text-sm text-muted">{t('checkout.allRequired')}</p>
          <div className="mt-4">
            {/* A new key fills the fields again when another saved address is chosen. */}
            <AddressFieldset
              key={loaderData.chosen?._id ?? 'new'}
              values={result?.values ?? loaderData.chosen ?? defaults(loaderData.email)}
              errors={errors}
            />
          </div>
          {loaderData.addresses.length < MAX_SAVED_ADDRESSES ? (
            <label className="mt-5 flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                name="saveAddress"
                defaultChecked={result?.values.saveAddress === 'on'}
                className="size-5 accent-accent"
              />
              {t('checkout.saveAddress')}
            </label>
          ) : (
            <p className="mt-5 text-sm text-muted">{t('checkout.bookFull', { max: MAX_SAVED_ADDRESSES })}</p>
          )}
        </section>

        {/* min-w-0: a long product name is truncated in the summary instead of widening the page on a phone. */}
        <div className="min-w-0 space-y-6 lg:sticky lg:top-24 lg:self-start">
          <OrderSummary rows={rows} />
          <DiscountField
            formId="discount-form"
            applied={discount.applied?.code ?? null}
            note={
              belowMinimum && discount.applied
                ? refusalText({ reason: 'min-subtotal', minSubtotal: discount.applied.minSubtotal })
                : null
            }
            typed={typed?.code ?? discount.refused?.code ?? ''}
            error={typed ? refusalText(typed.refusal) : discount.refused ? refusalText(discount.refused.refusal) : null}
            kept={typed ? null : (discount.refused?.code ?? null)}
          />
          <CartTotals totals={totals} delivery={discount.delivery} code={discount.applied?.code ?? null} />
          <section aria-labelledby="payment-title" className="rounded-2xl border border-line bg-white p-6 sm:p-7">
            <h2 id="payment-title" className="text-sm font-semibold tracking-[0.2em] text-ink uppercase">
              {t('checkout.payment')}
            </h2>
            <div role="radiogroup" aria-labelledby="payment-title" className="mt-5">
              {/* docs/spec/rulings.md #16: cash on delivery is the only method offered. */}
              <label className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-ink bg-paper px-4 py-3.5">
                <input type="radio" name="paymentMethod" value="COD" defaultChecked className="size-4 accent-accent" />
                <Banknote aria-hidden className="size-5 text-success" />
                <span className="text-sm font-semibold tracking-wide uppercase">{t('checkout.cod')}</span>
              </label>
            </div>
          </section>

          <input type="hidden" name="items" value={JSON.stringify(orderItems(rows))} />
          <input type="hidden" name="amount" value={totals.total} />
          {discount.applied && !belowMinimum && (
            <input type="hidden" name="discountCode" value={discount.applied.code} />
          )}
          <input type="hidden" name="idempotencyKey" value={loaderData.checkoutKey} />
          {result?.message && !clientErrors && (
            <div
              role="alert"
              className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger"
            >
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <p>
                {cartMessage(t, result.message)}
                {/* Orders awaiting confirmation block the next one (docs/decisions/017): where to confirm them. */}
                {result.message.includes('in My Orders') && (
                  <>
                    {' '}
                    <Link to="/order" className="font-semibold underline underline-offset-4">
                      {t('checkout.goToOrders')}
                    </Link>
                  </>
                )}
              </p>
            </div>
          )}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? t('checkout.placing') : t('checkout.place')}
          </button>
          <p className="flex items-center justify-center gap-2 text-xs text-muted">
            <Lock aria-hidden className="size-3.5" />
            {t('checkout.payOnArrival')}
          </p>
        </div>
      </Form>
    </main>
  )
}

function defaults(email: string): Partial<Record<string, string>> {
  return { email, country: 'Pakistan' }
}
