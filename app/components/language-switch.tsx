import { useLocation } from 'react-router'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'
import { localePath, type Lang } from '#contracts/languages.ts'
import { useLang } from '#app/lib/i18n/language.ts'

/** This page's address in another language. */
export function twinPath(to: Lang, pathname: string, search: string): string {
  return localePath(to, pathname) + search
}

/**
 * A button that opens this page in `to` and keeps the choice: a plain form posted to
 * /language (not React Router's), so it works before the app's scripts run and loads the
 * other language's document whole (docs/decisions/022).
 */
export function SwitchLanguageButton({
  to,
  className,
  children,
  ...rest
}: {
  to: Lang
  className?: string
  children: React.ReactNode
  lang?: string
}) {
  const { pathname, search } = useLocation()
  return (
    <form method="post" action="/language" className="contents">
      <input type="hidden" name="to" value={twinPath(to, pathname, search)} />
      <button type="submit" className={className} {...rest}>
        {children}
      </button>
    </form>
  )
}

/** "English | اردو": each name in its own language and script, the current one marked. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  const lang = useLang()
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
              <SwitchLanguageButton
                to={l}
                lang={l}
                className="inline-flex min-h-11 cursor-pointer items-center px-1 text-muted hover:text-accent"
              >
                {names[l]}
              </SwitchLanguageButton>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
