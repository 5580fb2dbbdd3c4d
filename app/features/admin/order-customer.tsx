import { Link } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import type { AdminOrderDetail } from '#contracts/admin.ts'
import { statusText } from '#app/features/admin/console-text.ts'

/** Who ordered: the account, the phone to call and their other orders (returns stand out). */
export function OrderCustomer({
  customer,
  phone,
  pastOrders,
}: {
  customer: AdminOrderDetail['customer']
  phone: string
  pastOrders: AdminOrderDetail['pastOrders']
}) {
  const { t } = useTranslation('admin')
  return (
    <section aria-labelledby="customer-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h2 id="customer-title" className="font-display text-lg font-semibold text-ink">
        {t('customer.title')}
      </h2>
      {customer ? (
        <p className="mt-2 text-sm text-ink">
          {customer.name}
          <span className="block text-muted">{customer.email}</span>
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted">{t('customer.gone')}</p>
      )}
      {/* An order of a deleted account keeps no phone (docs/decisions/012). */}
      {phone && (
        <p className="mt-2 text-sm">
          <a href={`tel:${phone}`} className="underline underline-offset-4">
            {phone}
          </a>
          <Link
            to={`/admin/blocklist?${new URLSearchParams({ phone }).toString()}`}
            className="ms-3 inline-flex min-h-11 items-center text-muted underline underline-offset-4 hover:text-ink"
          >
            {t('customer.block')}
          </Link>
        </p>
      )}
      <h3 className="mt-4 text-xs font-semibold tracking-wide text-muted uppercase">{t('customer.otherOrders')}</h3>
      {pastOrders.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{customer ? t('customer.firstOrder') : t('customer.unknown')}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {pastOrders.map((p) => (
            <li key={p.id} className="flex justify-between gap-3">
              <Link to={`/admin/orders/${p.id}`} className="font-mono underline-offset-4 hover:underline">
                {p.number}
              </Link>
              <span className={p.status === 'Returned' ? 'text-danger' : 'text-muted'}>{statusText(t, p.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
