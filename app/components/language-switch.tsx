import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { localePath, type Lang } from '#contracts/languages.ts'
import { useLang } from '#app/lib/i18n/language.ts'

/** Where the switch leads: this page in the other language, through the cookie's setter. */
export function switchHref(to: Lang, pathname: string, search: string): string {
  return `/language?to=${encodeURIComponent(localePath(to, pathname) + search)}`
}

/**
 * "English | اردو": each name in its own language and script, the current one marked. A
 * plain link, so it works before the app's scripts run and loads the other language's
 * document whole (docs/decisions/022).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  const lang = useLang()
  const { pathname, search } = useLocation()
  const names: Record<Lang, string> = { en: 'English', ur: 'اردو' }
  return (
    <nav aria-label={t('language.label')} className={className}>
      <ul className="flex items-center text-sm font-medium">
        {(['en', 'ur'] as const).map((l, i) => (
          <li key={l} className="flex items-center">
            {i > 0 && (
              <span aria-hidden className="px-1.5 text-line">
                |
              </span>
            )}
            {l === lang ? (
              <span
                lang={l}
                aria-current="true"
                className="px-1 text-ink underline decoration-accent underline-offset-4"
              >
                {names[l]}
              </span>
            ) : (
              <a
                href={switchHref(l, pathname, search)}
                lang={l}
                hrefLang={l}
                className="inline-flex min-h-11 items-center px-1 text-muted hover:text-accent"
              >
                {names[l]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
