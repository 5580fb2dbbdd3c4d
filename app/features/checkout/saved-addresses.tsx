import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Link } from '#app/lib/i18n/links.tsx'
import { MapPin } from '#app/components/icons.tsx'
import { addressSummary, type SavedAddress } from '#contracts/account.ts'

/**
 * The shopper's saved addresses as plain links: choosing one loads the page with it
 * filled in, before any script runs as after.
 */
export function SavedAddresses({ addresses, chosen }: { addresses: SavedAddress[]; chosen: SavedAddress | null }) {
  const { t } = useTranslation('cart')
  if (addresses.length === 0) return null
  return (
    <nav aria-labelledby="saved-title" className="mt-5">
      <h3 id="saved-title" className="text-sm font-medium text-ink">
        {t('saved.title')}
      </h3>
      <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {addresses.map((a) => {
          const current = a._id === chosen?._id
          return (
            <li key={a._id} className="min-w-0">
              <Link
                to={`/placeorder?address=${a._id}`}
                replace
                preventScrollReset
                aria-current={current ? 'true' : undefined}
                className={`flex min-h-11 items-start gap-3 rounded-xl border-2 px-4 py-3 text-sm transition-colors ${
                  current ? 'border-ink bg-white' : 'border-line bg-white/60 hover:border-muted'
                }`}
              >
                <MapPin aria-hidden className={`mt-0.5 size-4 shrink-0 ${current ? 'text-accent' : 'text-muted'}`} />
                <span className="min-w-0">
                  <span className="block font-semibold">
                    {a.firstName} {a.lastName}
                    {a.isDefault && <span className="ms-2 text-xs font-medium text-muted">{t('saved.default')}</span>}
                  </span>
                  <span dir="auto" className="block truncate text-muted">
                    {addressSummary(a)}
                  </span>
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
