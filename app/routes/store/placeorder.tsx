import { useEffect, useRef, useState } from 'react'
import { redirect, useNavigation } from 'react-router'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { Banknote, CircleAlert, Lock, ShoppingBag } from 'lucide-react'
import type { Route } from './+types/placeorder'
import { addressSchema, CART_CHANGED_MESSAGE, idempotencyKeySchema, placeOrderSchema } from '#contracts/orders.ts'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireUser } from '#app/lib/auth.server.ts'
import { attempt } from '#app/lib/service-result.server.ts'
import { focusFirstError, formValues, parseForm, validateBeforeSubmit, type FieldErrors } from '#app/lib/forms.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
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

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({
    title: 'Checkout | Kapra',
    description: 'Enter your delivery details and place your cash on delivery order.',
    origin: rootOrigin(matches),
  })
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context, url)
  const { services } = context.get(appContext)
  // Lines of products taken out of the store go, and the shopper is told which.
  const removed = await services.cart.dropArchived(user._id)
  const [cart, addresses] = await Promise.all([services.cart.get(user._id), services.account.addresses(user._id)])
  // A saved address chosen by a plain link (?address=id) fills the form on the server; else the default.
  const asked = url.searchParams.get('address')
  const chosen = addresses.find((a) => a._id === asked) ?? addresses.find((a) => a.isDefault) ?? null
  // One key per checkout attempt: a double submit, or a retry after the answer was
  // lost, gets the order the first one placed (docs/decisions/013).
  return {
    products: await productsInCart(services.catalog, cart),
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
  const values = formValues(form, [...addressFieldNames, 'saveAddress'])

  const address = parseForm(addressSchema, values)
  if (!address.success) {
    return { fieldErrors: address.fieldErrors, values } satisfies PlaceOrderResult
  }
  // The lines and amount the shopper saw; the server orders its own cart and only
  // compares them (docs/spec/rulings.md #13), so a stale page is refused instead of surprising anyone.
  const order = parseForm(placeOrderSchema, {
    address: values,
    items: parseJson(form.get('items')),
    amount: Number(form.get('amount')),
    // The order keeps the store's language it was placed in, for its emails and the
    // console's WhatsApp message; the Urdu store serves this page as /ur/placeorder.
    language: url.pathname.startsWith('/ur/') ? 'ur' : 'en',
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
  if (form.get('saveAddress') !== 'on') return redirect('/order')
  // Saved after the order has committed, never with it: a full address book or a
  // failure here must not cost the shopper their order (docs/decisions/012).
  const saved = await attempt(context, () => services.account.saveFromCheckout(user._id, address.data), {
    fallback: 'failed',
    what: 'saving the checkout address',
  })
  return redirect(`/order?address=${saved.ok ? saved.value : 'failed'}`)
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
  const { cart } = useCart()
  const { rows, totals } = cartView(cart, loaderData.products)
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/placeorder') === true
  const errors = clientErrors ?? actionData?.fieldErrors ?? {}

  // Server-side field messages: take the shopper to the first one.
  useEffect(() => {
    focusFirstError(formRef.current, addressFieldNames, actionData?.fieldErrors)
  }, [actionData])

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
        <h1 className="section-title border-b border-line pb-5">Checkout</h1>
        <RemovedNotice names={loaderData.removed} />
        <div className="flex flex-col items-center py-16 text-center sm:py-24">
          <span className="grid size-20 place-items-center rounded-full bg-sand text-accent">
            <ShoppingBag aria-hidden className="size-9" />
          </span>
          <h2 className="mt-6 font-display text-2xl font-semibold">Your cart is empty</h2>
          <p className="mt-2 max-w-sm text-muted">Add something to your cart before checking out.</p>
          <Link to="/collection" className="btn-primary mt-8">
            Browse the collection
          </Link>
        </div>
      </main>
    )
  }

  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <h1 className="section-title border-b border-line pb-5">Checkout</h1>
      <RemovedNotice names={loaderData.removed} />
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
            Delivery Information
          </h2>
          <SavedAddresses addresses={loaderData.addresses} chosen={loaderData.chosen} />
          <p className="mt-6 text-sm text-muted">All fields are required.</p>
          <div className="mt-4">
            {/* A new key fills the fields again when another saved address is chosen. */}
            <AddressFieldset
              key={loaderData.chosen?._id ?? 'new'}
              values={actionData?.values ?? loaderData.chosen ?? defaults(loaderData.email)}
              errors={errors}
            />
          </div>
          {loaderData.addresses.length < MAX_SAVED_ADDRESSES ? (
            <label className="mt-5 flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                name="saveAddress"
                defaultChecked={actionData?.values.saveAddress === 'on'}
                className="size-5 accent-accent"
              />
              Save this address to my account
            </label>
          ) : (
            <p className="mt-5 text-sm text-muted">
              You have {MAX_SAVED_ADDRESSES} saved addresses, the most an account can keep.
            </p>
          )}
        </section>

        <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <OrderSummary rows={rows} />
          <CartTotals totals={totals} />
          <section aria-labelledby="payment-title" className="rounded-2xl border border-line bg-white p-6 sm:p-7">
            <h2 id="payment-title" className="text-sm font-semibold tracking-[0.2em] text-ink uppercase">
              Payment Method
            </h2>
            <div role="radiogroup" aria-labelledby="payment-title" className="mt-5">
              {/* docs/spec/rulings.md #16: cash on delivery is the only method offered. */}
              <label className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-ink bg-paper px-4 py-3.5">
                <input type="radio" name="paymentMethod" value="COD" defaultChecked className="size-4 accent-accent" />
                <Banknote aria-hidden className="size-5 text-success" />
                <span className="text-sm font-semibold tracking-wide uppercase">Cash On Delivery</span>
              </label>
            </div>
          </section>

          <input type="hidden" name="items" value={JSON.stringify(orderItems(rows))} />
          <input type="hidden" name="amount" value={totals.total} />
          <input type="hidden" name="idempotencyKey" value={loaderData.checkoutKey} />
          {actionData?.message && !clientErrors && (
            <div
              role="alert"
              className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger"
            >
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <p>
                {actionData.message}
                {/* Orders awaiting confirmation block the next one (docs/decisions/017): where to confirm them. */}
                {actionData.message.includes('in My Orders') && (
                  <>
                    {' '}
                    <Link to="/order" className="font-semibold underline underline-offset-4">
                      Go to My Orders
                    </Link>
                  </>
                )}
              </p>
            </div>
          )}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? 'Placing order…' : 'Place Order'}
          </button>
          <p className="flex items-center justify-center gap-2 text-xs text-muted">
            <Lock aria-hidden className="size-3.5" />
            You pay in cash when your order arrives.
          </p>
        </div>
      </Form>
    </main>
  )
}

function defaults(email: string): Partial<Record<string, string>> {
  return { email, country: 'Pakistan' }
}
