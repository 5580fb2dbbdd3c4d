import { useId, useState } from 'react'
import { BadgeCheck, Banknote, CircleAlert, RefreshCcw, ShoppingBag } from 'lucide-react'
import type { Product } from '#contracts/catalog.ts'
import { useCart } from '#app/features/cart/cart-context.tsx'
import { useToast } from '#app/features/layout/toaster.tsx'
import { SizeChart } from '#app/features/catalog/size-chart.tsx'

export const SIZE_REQUIRED = 'Please select a size before adding to cart'

const notes = [
  { icon: BadgeCheck, text: '100% Original Product.' },
  { icon: Banknote, text: 'Cash On Delivery Is Available On This Product.' },
  { icon: RefreshCcw, text: 'Easy Return And Exchange Policy Within 7 Days.' },
]

/**
 * Size buttons, 'Add To Cart' (a size is required: spec section 5), the fixed notes
 * and the size chart, whose rows select sizes too. Guests can add: their cart is kept
 * in the browser until they sign in (DECISIONS 12).
 */
export function ProductPurchase({ product }: { product: Pick<Product, '_id' | 'name' | 'sizes' | 'sizeChart'> }) {
  const [size, setSize] = useState<string | null>(null)
  const [needSize, setNeedSize] = useState(false)
  const [adding, setAdding] = useState(false)
  const cart = useCart()
  const notify = useToast()
  const labelId = useId()
  const alertId = useId()

  const choose = (value: string) => {
    setSize(value)
    setNeedSize(false)
  }

  const addToCart = async () => {
    if (!size) {
      setNeedSize(true)
      return
    }
    setAdding(true)
    try {
      if (await cart.add(product._id, size)) notify(`Added to cart: ${product.name}, size ${size}`)
    } finally {
      setAdding(false)
    }
  }

  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <p id={labelId} className="text-xs font-semibold tracking-[0.16em] text-ink uppercase">
          Select Size
          {size && <span className="ml-2 font-normal tracking-normal text-muted normal-case">{size}</span>}
        </p>
        {product.sizeChart.length > 0 && (
          <a href="#size-chart" className="text-sm text-muted underline underline-offset-4 hover:text-ink">
            Size chart
          </a>
        )}
      </div>
      <div role="group" aria-labelledby={labelId} className="mt-3 flex flex-wrap gap-2">
        {product.sizes.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === size}
            aria-describedby={needSize ? alertId : undefined}
            onClick={() => choose(s)}
            className={`min-h-11 min-w-12 rounded-lg border px-3.5 text-sm font-medium transition-colors ${
              s === size ? 'border-ink bg-ink text-white' : 'border-line bg-white text-ink hover:border-ink'
            }`}
          >
            {s}
          </button>
        ))}
      </div>

      <div className="mt-3 min-h-6">
        {needSize && (
          <p id={alertId} role="alert" className="flex items-center gap-2 text-sm font-medium text-danger">
            <CircleAlert aria-hidden className="size-4 shrink-0" />
            {SIZE_REQUIRED}
          </p>
        )}
      </div>

      <button
        type="button"
        onClick={() => void addToCart()}
        disabled={adding}
        className="btn-primary mt-2 w-full sm:w-auto sm:min-w-64"
      >
        <ShoppingBag aria-hidden className="size-4" />
        Add To Cart
      </button>

      <ul className="mt-8 space-y-2.5 border-t border-line pt-6 text-sm text-muted">
        {notes.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3">
            <Icon aria-hidden className="size-4 shrink-0 text-accent" />
            {text}
          </li>
        ))}
      </ul>

      <section id="size-chart" aria-labelledby="size-chart-title" className="mt-8 scroll-mt-24">
        <div className="mb-3 flex items-baseline justify-between gap-4">
          <h2 id="size-chart-title" className="font-display text-lg font-semibold text-ink">
            Size Chart
          </h2>
          {product.sizeChart.length > 0 && <p className="text-xs text-muted">Measurements in inches</p>}
        </div>
        <SizeChart rows={product.sizeChart} selected={size} available={product.sizes} onSelect={choose} />
      </section>
    </div>
  )
}
