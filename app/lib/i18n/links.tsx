import { useCallback, type ComponentProps } from 'react'
import {
  Form as RouterForm,
  Link as RouterLink,
  NavLink as RouterNavLink,
  useLocation,
  useNavigate as useRouterNavigate,
  type NavigateOptions,
  type To,
} from 'react-router'
import { localePath, type Lang } from '#contracts/languages.ts'
import { useLang } from '#app/lib/i18n/language.ts'

// The storefront's links, forms and navigation stay in the page's language: a root-relative
// address is moved under /ur on an Urdu page (docs/decisions/022). The store's features use
// these instead of react-router's own (eslint.config.js holds this).

function localeTo(lang: Lang, to: To): To {
  if (typeof to === 'string') return localePath(lang, to)
  return to.pathname ? { ...to, pathname: localePath(lang, to.pathname) } : to
}

export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  return <RouterLink to={localeTo(useLang(), to)} {...props} />
}

export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={localeTo(useLang(), to)} {...props} />
}

/**
 * Which of the store's own addresses is the page shown, as NavLink tells (case aside: the
 * address or a page under it; with `end`, the address alone). The frame marks its links with
 * it and names the marked one in the key its markup is kept under (docs/decisions/045).
 */
export function useActive(): (to: string, end?: boolean) => boolean {
  const lang = useLang()
  const here = useLocation().pathname.toLowerCase()
  return (to, end = false) => {
    const target = localePath(lang, to).toLowerCase()
    const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length
    return here === target || (!end && here.startsWith(target) && here.charAt(slash) === '/')
  }
}

export function Form({ action, ...props }: ComponentProps<typeof RouterForm>) {
  const lang = useLang()
  return <RouterForm action={action === undefined ? undefined : localePath(lang, action)} {...props} />
}

export function useNavigate() {
  const lang = useLang()
  const navigate = useRouterNavigate()
  return useCallback((to: To, options?: NavigateOptions) => navigate(localeTo(lang, to), options), [lang, navigate])
}

/** A root-relative address in the page's language, for an `<a href>` or a `fetch` of a page. */
export function useLocalePath() {
  const lang = useLang()
  return (to: string) => localePath(lang, to)
}
