import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Form } from '#app/lib/i18n/links.tsx'
import { BadgeCheck, Banknote, CheckCircle2, CircleAlert, RefreshCcw, ShoppingBag } from '#app/components/icons.tsx'
import { LOW_STOCK, stockNote, type Product } from '#contracts/catalog.ts'
import { useCart } from '#app/lib/cart/cart-context.tsx'
import { useHydrated } from '#app/lib/hydrated.ts'
import { useToast } from '#app/components/toaster.tsx'
import { BackInStock } from '#app/features/catalog/back-in-stock.tsx'
import { SizeChart } from '#app/features/catalog/size-chart.tsx'
import { purchaseMessage, SIZE_REQUIRED } from '#app/features/catalog/purchase-messages.ts'
import { useReturnDays } from '#app/lib/root-data.ts'

/**
 * What the product page's action answers to an 'Add To Cart' posted before the app has
 * booted (docs/decisions/006): a refusal to show, a line added to a signed-in shopper's
 * cart, or, for a guest, whose cart lives in the browser, the line for the page to add
 * once the app is running.
 */
export type PurchaseResult =
  { error: string } | { added: { itemId: string; size: string } } | { guestAdd: { itemId: string; size: string } }

/** Guest adds already applied: once per answer, however often the page renders or mounts. */
const appliedGuestAdds = new WeakSet<object>()

const notes = [
  { icon: BadgeCheck, text: 'notes.original' },
  { icon: Banknote, text: 'notes.cod' },
  { icon: RefreshCcw, text: 'notes.returns' },
] as const

/**
 * Size buttons, 'Add To Cart' (a size is required: docs/spec/store-spec.md §5), the fixed notes
 * and the size chart, whose rows select sizes too. Guests can add: their cart is kept
 * in the browser until they sign in (docs/spec/rulings.md #12).
 *
 * The sizes are radio inputs of a form that posts to the page's action, so a size and
 * 'Add To Cart' work before the app has booted; once it runs, the submission is handled
 * here instead, as an optimistic add. The radios are uncontrolled: hydration keeps a
 * size tapped before the boot, and the first effect reads it.
 */
export function ProductPurchase({
  product,
  result,
  waiting,
}: {
  product: Pick<Product, '_id' | 'name' | 'sizes' | 'sizeChart' | 'stock'>
  result?: PurchaseResult
  /** Sold-out sizes this shopper asked to hear about (null for a guest). */
  waiting: string[] | null
}) {
  const { t } = useTranslation('catalog')
  const days = useReturnDays()
  const addedMessage = (name: string, size: string) => t('purchase.added', { name, size })
  const posted = result && 'added' in result ? result.added : result && 'guestAdd' in result ? result.guestAdd : null
  const [initialSize] = useState(posted?.size ?? null)
  const [size, setSize] = useState(initialSize)
  const [problem, setProblem] = useState(result && 'error' in result ? result.error : null)
  const [confirmation, setConfirmation] = useState(
    result && 'added' in result
      ? addedMessage(product.name, result.added.size)
      : result && 'guestAdd' in result
        ? t('purchase.adding')
        : null,
  )
  const [adding, setAdding] = useState(false)
  const hydrated = useHydrated()
  const cart = useCart()
  const notify = useToast()
  const formRef = useRef<HTMLFormElement>(null)
  const labelId = useId()
  const alertId = useId()
  // Not useId's: the size chart's kept markup names these radios (docs/decisions/050).
  const radioId = (value: string) => `purchase-size-${product.sizes.indexOf(value)}`
  const left = (value: string) => product.stock[value] ?? 0
  const inStock = product.sizes.filter((s) => left(s) > 0)

  const choose = (value: string) => {
    setSize(value)
    setProblem(null)
    setConfirmation(null)
  }

  useEffect(() => {
    // A size tapped before the app booted is checked in the page but not yet in our state.
    const checked = formRef.current?.querySelector<HTMLInputElement>('input[name="size"]:checked')
    if (checked && checked.value !== initialSize) choose(checked.value)
    // The page is the answer to a post: a reload must not post (and add) again.
    if (result) window.history.replaceState(window.history.state, '', window.location.href)
    // Only once, for what the server rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // A guest's add posted before the boot: their cart is in this browser, so it is added
  // here, once the cart has been read from storage (or the add would overwrite it).
  const guestAdd = result && 'guestAdd' in result ? result.guestAdd : null
  useEffect(() => {
    if (!guestAdd || !cart.ready || appliedGuestAdds.has(guestAdd)) return
    appliedGuestAdds.add(guestAdd)
    void cart
      .add(guestAdd.itemId, guestAdd.size)
      .then((ok) => setConfirmation(ok ? t('purchase.added', { name: product.name, size: guestAdd.size }) : null))
  }, [guestAdd, cart, product.name, t])

  /** The chart's rows select a size by checking its radio, as a tap on it would. */
  const select = (value: string) => {
    const radio = document.getElementById(radioId(value))
    if (radio instanceof HTMLInputElement) radio.checked = true
    choose(value)
  }

  const addToCart = async () => {
    setConfirmation(null)
    if (!size) {
      setProblem(SIZE_REQUIRED)
      return
    }
    setAdding(true)
    try {
      if (await cart.add(product._id, size)) notify(addedMessage(product.name, size))
    } finally {
      setAdding(false)
    }
  }

  return (
    <div>
      <Form
        method="post"
        ref={formRef}
        onSubmit={(event) => {
          // The app is running: add in the browser, where a guest's cart lives.
          event.preventDefault()
          void addToCart()
        }}
      >
        <input type="hidden" name="itemId" value={product._id} />
        <div className="flex items-baseline justify-between gap-4">
          <p id={labelId} className="text-xs font-semibold tracking-[0.16em] text-ink uppercase">
            {t('purchase.selectSize')}
            {size && <span className="ms-2 font-normal tracking-normal text-muted normal-case">{size}</span>}
          </p>
          {product.sizeChart.length > 0 && (
            <a href="#size-chart" className="text-sm text-muted underline underline-offset-4 hover:text-ink">
              {t('purchase.sizeChartLink')}
            </a>
          )}
        </div>
        <div role="group" aria-labelledby={labelId} className="mt-3 flex flex-wrap gap-2">
          {product.sizes.map((s) => {
            const note = stockNote(left(s))
            const noteId = `${radioId(s)}-stock`
            const describedBy = [note ? noteId : '', problem ? alertId : ''].filter(Boolean).join(' ')
            return (
              // The radio lies, invisible, over the pill it styles: a tap lands on the radio itself.
              <span key={s} className="relative flex flex-col items-center">
                <input
                  type="radio"
                  name="size"
                  value={s}
                  id={radioId(s)}
                  // Named here: the size chart's label for it would otherwise join its name.
                  aria-label={s}
                  aria-describedby={describedBy || undefined}
                  disabled={left(s) === 0}
                  defaultChecked={s === initialSize}
                  onChange={() => choose(s)}
                  className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                />
                <span
                  aria-hidden
                  className="inline-flex min-h-11 min-w-12 items-center justify-center rounded-lg border border-line bg-white px-3.5 text-sm font-medium text-ink transition-colors peer-hover:border-ink peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:border-dashed peer-disabled:bg-paper peer-disabled:text-muted peer-disabled:line-through peer-disabled:peer-hover:border-line"
                >
                  {s}
                </span>
                {note && (
                  <span
                    id={noteId}
                    className={`mt-1 text-[11px] leading-none whitespace-nowrap ${
                      left(s) === 0 ? 'text-muted' : 'font-semibold text-accent-dark'
                    }`}
                  >
                    {left(s) === 0 ? t('purchase.soldOut') : t('purchase.left', { left: left(s) })}
                  </span>
                )}
              </span>
            )
          })}
        </div>
        {size && left(size) > 0 && left(size) <= LOW_STOCK && (
          <p className="mt-3 text-sm font-semibold text-accent-dark">
            {t('purchase.lowStock', { left: left(size), size })}
          </p>
        )}

        <div className="mt-3 min-h-6">
          {problem ? (
            <p id={alertId} role="alert" className="flex items-center gap-2 text-sm font-medium text-danger">
              <CircleAlert aria-hidden className="size-4 shrink-0" />
              {purchaseMessage(t, problem)}
            </p>
          ) : (
            confirmation && (
              <p role="status" className="flex items-center gap-2 text-sm font-medium text-success">
                <CheckCircle2 aria-hidden className="size-4 shrink-0" />
                {confirmation}
              </p>
            )
          )}
        </div>

        <button
          type="submit"
          name="intent"
          value="add"
          disabled={adding}
          className="btn-primary mt-2 w-full sm:w-auto sm:min-w-64"
        >
          <ShoppingBag aria-hidden className="size-4" />
          {t('purchase.addToCart')}
        </button>
      </Form>

      <BackInStock productId={product._id} soldOut={product.sizes.filter((s) => left(s) === 0)} waiting={waiting} />

      <ul className="mt-8 space-y-2.5 border-t border-line pt-6 text-sm text-muted">
        {notes.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3">
            <Icon aria-hidden className="size-4 shrink-0 text-accent" />
            {t(text, { days, count: days })}
          </li>
        ))}
      </ul>

      <section id="size-chart" aria-labelledby="size-chart-title" className="mt-8 scroll-mt-24">
        <div className="mb-3 flex items-baseline justify-between gap-4">
          <h2 id="size-chart-title" className="font-display text-lg font-semibold text-ink">
            {t('sizeChart.title')}
          </h2>
          {product.sizeChart.length > 0 && <p className="text-xs text-muted">{t('sizeChart.inches')}</p>}
        </div>
        <SizeChart
          rows={product.sizeChart}
          selected={size}
          available={inStock}
          soldOut={product.sizes.filter((s) => left(s) === 0)}
          onSelect={select}
          radioId={radioId}
          hydrated={hydrated}
        />
      </section>
    </div>
  )
}
