import { useContext } from 'react'
import { getI18n, I18nContext } from 'react-i18next'
import { redirect } from 'react-router'
import { langOfPath, localePath, type Lang } from '#contracts/languages.ts'

/**
 * The language of the page being shown (the document's: its URL chose it). Read from the
 * provider's instance, as `useTranslation` would, without the translate function that hook
 * builds: every link of a page asks, and building it was a fiftieth of a page's time.
 */
export function useLang(): Lang {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n()
  return i18n?.language === 'ur' ? 'ur' : 'en'
}

/** The language of a page request, from its URL. */
export function requestLang(request: Request): Lang {
  return langOfPath(new URL(request.url).pathname)
}

/** A redirect to a store page in the request's language: '/login' from an Urdu page is '/ur/login'. */
export function redirectIn(request: Request, to: string, init?: number | ResponseInit): Response {
  return redirect(localePath(requestLang(request), to), init)
}
