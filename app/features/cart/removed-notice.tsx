import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { Info } from '#app/components/icons.tsx'

/** "Men Oxford Shirt is no longer available and was removed from your cart." */
export function RemovedNotice({ names }: { names: string[] }) {
  const { t } = useTranslation('cart')
  if (names.length === 0) return null
  return (
    <div role="status" className="mt-5 flex items-start gap-2 rounded-lg bg-sand px-4 py-3 text-sm text-ink">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
      <p>
        {t('removed.notice', {
          count: names.length,
          names: names.map((name) => t('removed.name', { name })).join(t('removed.separator')),
        })}
      </p>
    </div>
  )
}
