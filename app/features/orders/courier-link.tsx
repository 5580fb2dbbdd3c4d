import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ExternalLink } from '#app/components/icons.tsx'

/** The courier's own page for the parcel (contracts/couriers.ts), in a new tab. */
export function CourierLink({ courier, url, className = '' }: { courier: string; url: string; className?: string }) {
  const { t } = useTranslation('orders')
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-accent underline underline-offset-4 hover:text-ink ${className}`}
    >
      <ExternalLink aria-hidden className="size-4 shrink-0 rtl:-scale-x-100" />
      <span>
        {t('tracking.follow', { courier })} <span className="sr-only">{t('tracking.newTab')}</span>
      </span>
    </a>
  )
}
