import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { PackageOpen } from '#app/components/icons.tsx'
import type { Route } from './+types/order'
import { appContext } from '#app/lib/app-context.server.ts'
import { requireUser } from '#app/lib/auth.server.ts'
import { privatePageMeta, rootOrigin } from '#app/lib/meta.ts'
import { tFor } from '#app/lib/i18n/i18n.ts'
import { langOfPath } from '#contracts/languages.ts'
import { flattenOrders } from '#app/features/orders/my-orders.ts'
import { OrderedItemRow } from '#app/features/orders/ordered-item.tsx'
import { AwaitingConfirmation } from '#app/features/orders/awaiting-confirmation.tsx'

export function meta({ matches, location }: Route.MetaArgs) {
  const t = tFor(langOfPath(location.pathname))
  return privatePageMeta({
    title: t('meta.list.title', { ns: 'orders' }),
    description: t('meta.list.description', { ns: 'orders' }),
    origin: rootOrigin(matches),
  })
}

/** Signed-in only; runs on opening the page and on 'Track Order' (docs/spec/store-spec.md §7). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context, url)
  const { services } = context.get(appContext)
  const orders = await services.orders.list(user._id)
  return {
    addressNote: addressNoteOf(url.searchParams.get('address')),
    items: flattenOrders(orders),
    // Newest first: what waits for the shopper's one tap (docs/spec/rulings.md #15).
    awaiting: orders
      .filter((o) => o.status === 'Order Placed')
      .reverse()
      .map((o) => ({ id: o._id, amount: o.amount, date: o.date, count: o.items.reduce((n, i) => n + i.quantity, 0) })),
    // An order still awaiting confirmation this long is cancelled by the store (docs/decisions/017).
    confirmWithinHours: Math.round(services.config.orders.unconfirmedMs / 3_600_000),
  }
}

/** What became of "Save this address" at checkout; the order is placed in every case. */
const addressNotes = {
  saved: 'list.addressSaved',
  full: 'list.addressFull',
  failed: 'list.addressFailed',
} as const

function addressNoteOf(
  outcome: string | null,
): { text: (typeof addressNotes)[keyof typeof addressNotes]; saved: boolean } | null {
  if (outcome !== 'saved' && outcome !== 'full' && outcome !== 'failed') return null
  return { text: addressNotes[outcome], saved: outcome === 'saved' }
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const { items, awaiting, addressNote, confirmWithinHours } = loaderData
  const revalidator = useRevalidator()
  const tracking = revalidator.state === 'loading'
  const [updated, setUpdated] = useState(false)

  async function track() {
    setUpdated(false)
    await revalidator.revalidate()
    // Said once the list is fresh, for those who cannot see it change.
    setUpdated(true)
  }

  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <div className="flex flex-wrap items-baseline justify-between gap-4 border-b border-line pb-5">
        <h1 className="section-title">{t('list.title')}</h1>
        <p role="status" className="text-sm text-muted">
          {updated ? t('list.updated') : ''}
        </p>
      </div>
      {addressNote && (
        <p role="status" className={`mt-5 text-sm font-medium ${addressNote.saved ? 'text-success' : 'text-ink'}`}>
          {t(addressNote.text)}
        </p>
      )}
      {awaiting.length > 0 && <AwaitingConfirmation orders={awaiting} hours={confirmWithinHours} />}
      {items.length === 0 ? (
        <div className="flex flex-col items-center py-16 text-center sm:py-24">
          <span className="grid size-20 place-items-center rounded-full bg-sand text-accent">
            <PackageOpen aria-hidden className="size-9" />
          </span>
          <h2 className="mt-6 font-display text-2xl font-semibold">{t('list.emptyTitle')}</h2>
          <p className="mt-2 max-w-sm text-muted">{t('list.emptyText')}</p>
          <Link to="/collection" className="btn-primary mt-8">
            {t('list.startShopping')}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line" aria-label={t('list.label')}>
          {items.map((item) => (
            <OrderedItemRow key={item.key} item={item} tracking={tracking} onTrack={() => void track()} />
          ))}
        </ul>
      )}
    </main>
  )
}
