import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form, Link } from '#app/lib/i18n/links.tsx'
import { CircleAlert, Trash2 } from '#app/components/icons.tsx'
import { MAX_LINE_QUANTITY } from '#contracts/cart-lines.ts'
import { SalePrice } from '#app/components/price.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { parseQuantity, type CartRow } from '#app/lib/cart/cart-view.ts'

/** Typing settles before the cart is synced, so '12' is one change, not '1' then '12'. */
const SETTLE_MS = 350

/**
 * One line of the cart (product and size): picture, name, price, size, quantity, delete.
 * The quantity and the delete button are small forms posting to the cart page's action,
 * so they work before the app has booted (docs/decisions/006); once it runs, they
 * change the cart in the browser instead and never post.
 */
export function CartLine({
  row,
  onQuantity,
}: {
  row: CartRow
  onQuantity: (productId: string, size: string, quantity: number) => void
}) {
  const { t } = useTranslation('cart')
  const { product, size, quantity, productId } = row
  // Today's stock, when the page has it: a line over it cannot be ordered as it is.
  const left = product?.stock?.[size]
  const name = product?.name ?? t('line.unavailable')
  const href = `/productdetail/${productId}`
  return (
    <li className="flex gap-4 py-5 sm:gap-6">
      <div className="w-20 shrink-0 overflow-hidden rounded-lg bg-sand sm:w-24">
        {product && (
          <Link to={href} tabIndex={-1} aria-hidden>
            <ProductImage src={product.image1} alt="" sizes="96px" />
          </Link>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0">
          <h3 className="font-sans text-sm leading-snug font-medium text-ink sm:text-base">
            {product ? (
              // The catalog's names keep their own direction on an Urdu page (docs/decisions/022).
              <Link to={href} dir="auto" className="hover:text-accent">
                {name}
              </Link>
            ) : (
              name
            )}
          </h3>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            {product && (
              <SalePrice price={product.price} compareAtPrice={product.compareAtPrice} className="font-semibold" />
            )}
            <span className="rounded-md border border-line bg-paper px-2 py-0.5 text-xs font-medium tracking-wide">
              <span className="text-muted">{t('line.size')} </span>
              <bdi dir="ltr">{size}</bdi>
            </span>
          </div>
          {left !== undefined && quantity > left && (
            <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-danger">
              <CircleAlert aria-hidden className="size-4 shrink-0" />
              {left === 0 ? t('line.soldOut') : t('line.onlyLeft', { left })}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2 sm:gap-4">
          {/* Enter sends the quantity (the only field); the server applies the same rules (noValidate: 250 is capped, not refused). */}
          <Form method="post" noValidate onSubmit={(e) => e.preventDefault()}>
            <LineFields productId={productId} size={size} />
            <QuantityInput
              label={t('line.quantity', { name, size })}
              quantity={quantity}
              onQuantity={(q) => onQuantity(productId, size, q)}
            />
          </Form>
          <Form
            method="post"
            onSubmit={(e) => {
              e.preventDefault()
              onQuantity(productId, size, 0)
            }}
          >
            <LineFields productId={productId} size={size} />
            <button
              type="submit"
              name="quantity"
              value="0"
              aria-label={t('line.remove', { name, size })}
              className="grid size-11 place-items-center rounded-full text-danger transition-colors hover:bg-red-50"
            >
              <Trash2 aria-hidden className="size-5" />
            </button>
          </Form>
        </div>
      </div>
    </li>
  )
}

/** Which line a form changes, for the cart page's action. */
function LineFields({ productId, size }: { productId: string; size: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="itemId" value={productId} />
      <input type="hidden" name="size" value={size} />
    </>
  )
}

/**
 * The spec's number input (minimum 0): a whole number of 0 or more applies (0 removes
 * the line); anything else is ignored and the field shows the real quantity again.
 */
function QuantityInput({
  label,
  quantity,
  onQuantity,
}: {
  label: string
  quantity: number
  onQuantity: (quantity: number) => void
}) {
  const [draft, setDraft] = useState(String(quantity))
  const [shown, setShown] = useState(quantity)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const input = useRef<HTMLInputElement>(null)
  const apply = useRef(onQuantity)
  useEffect(() => {
    apply.current = onQuantity
  })
  useEffect(() => () => clearTimeout(timer.current), [])

  // The cart changed (here or by the server): show its quantity.
  if (shown !== quantity) {
    setShown(quantity)
    setDraft(String(quantity))
  }

  function change(text: string) {
    setDraft(text)
    clearTimeout(timer.current)
    const next = parseQuantity(text)
    if (next === null || next === quantity) return
    timer.current = setTimeout(() => apply.current(next), SETTLE_MS)
  }

  function settle() {
    clearTimeout(timer.current)
    const next = parseQuantity(draft)
    if (next !== null && next !== quantity) apply.current(next)
    setDraft(String(next ?? quantity))
  }

  // A quantity typed before the app booted, not yet sent with Enter, is still in the
  // field (hydration keeps it): take it as if it were typed now.
  useEffect(() => {
    const typed = input.current?.value
    if (typed !== undefined && typed !== String(quantity)) change(typed)
    // Only what the server rendered and the shopper changed before the boot.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <input
      ref={input}
      name="quantity"
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_LINE_QUANTITY}
      step={1}
      value={draft}
      onChange={(e) => change(e.target.value)}
      onBlur={settle}
      onKeyDown={(e) => {
        if (e.key === 'Enter') settle()
      }}
      aria-label={label}
      className="field-input w-20 px-3 py-2 text-center tabular-nums"
    />
  )
}
