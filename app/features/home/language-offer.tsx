import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { SwitchLanguageButton } from '#app/components/language-switch.tsx'

/**
 * Offered on the English home page to a first visitor whose browser puts Urdu first: a
 * banner, never a redirect, so the address they opened is the page they get and search
 * engines see one page per address. Either button keeps the choice (docs/decisions/022).
 */
export function LanguageOffer() {
  const { t } = useTranslation()
  return (
    <aside
      aria-label={t('language.label')}
      className="mb-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-2 rounded-xl border border-line bg-sand px-4 py-3"
    >
      {/* In the system's Arabic face: the English page fetches no Urdu font. */}
      {/* A div, not a p: the switch is a form, which a paragraph cannot hold. */}
      <div lang="ur" dir="rtl" className="text-base leading-loose">
        {t('language.offer')}{' '}
        <SwitchLanguageButton to="ur" className="cursor-pointer font-semibold text-accent underline">
          {t('language.offerLink')}
        </SwitchLanguageButton>
      </div>
      <SwitchLanguageButton to="en" className="cursor-pointer text-sm text-muted underline underline-offset-4">
        {t('language.offerDismiss')}
      </SwitchLanguageButton>
    </aside>
  )
}
