import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { ArrowLeftRight, Headset, RotateCcw } from '#app/components/icons.tsx'
import { useReturnDays } from '#app/lib/root-data.ts'

// docs/spec/store-spec.md §9 names both 4 and 7 days; every policy text says RETURN_DAYS, the
// days a shopper has to ask from the order's page (docs/decisions/036).
const policies = [
  { icon: ArrowLeftRight, id: 'exchange' },
  { icon: RotateCcw, id: 'return' },
  { icon: Headset, id: 'support' },
] as const

/** The home page's policy section (spec: Home). */
export function Policies() {
  const { t } = useTranslation('home')
  const days = useReturnDays()
  return (
    <section aria-labelledby="policies-title" className="border-y border-line py-14 sm:py-16">
      <h2 id="policies-title" className="sr-only">
        {t('policies.title')}
      </h2>
      <ul className="grid gap-10 text-center sm:grid-cols-3 sm:gap-6">
        {policies.map(({ icon: Icon, id }) => (
          <li key={id} className="flex flex-col items-center">
            <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
              <Icon aria-hidden className="size-6" strokeWidth={1.75} />
            </span>
            <h3 className="mt-4 font-sans text-base font-semibold text-ink">
              {t(`policies.${id}.title`, { days, count: days })}
            </h3>
            <p className="mt-1 text-sm text-muted">{t(`policies.${id}.text`, { days, count: days })}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
