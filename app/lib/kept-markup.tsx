import { createContext, use, type ComponentProps, type Context, type ElementType, type ReactNode } from 'react'
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from 'react-router'
import { I18nContext } from 'react-i18next'
import { wishlistContexts } from '#app/lib/wishlist/wishlist-context.tsx'

/**
 * Markup the server draws once and writes again while nothing it shows has changed: a
 * product card for a language and a heart (docs/decisions/040), the frame's footer and
 * navigation for a language and what they mark (docs/decisions/045). Given only on the
 * server (app/lib/kept-markup.server.ts).
 */
export interface MarkupCache {
  /** The markup kept under `key`, if any. */
  get(key: string): string | undefined
  /** Draws `tree` and keeps its markup under `key`. */
  draw(key: string, tree: ReactNode): string
}

export const MarkupCacheContext = createContext<MarkupCache | null>(null)

/**
 * The contexts kept markup may read. The server draws it with React's second renderer,
 * which sees none of the page's contexts (React keeps the two apart), so each is read here
 * and given again around the markup: the router's, the language's and the wishlist's. A
 * component in kept markup that reads another would draw its default, and the test that
 * draws a page both ways (app/lib/kept-markup.server.test.tsx) would tell.
 */
const CARRIED: readonly Context<unknown>[] = [
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_ViewTransitionContext,
  UNSAFE_FrameworkContext,
  UNSAFE_NavigationContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
  I18nContext,
  ...wishlistContexts,
] as Context<unknown>[]

/** The elements whose content may be kept: a card's `<li>`, the frame's `<nav>`s and `<footer>`, a `<div>`. */
type KeptTag = 'li' | 'nav' | 'footer' | 'div'

/**
 * An element whose content the server writes from the markup cache, drawn once for its key;
 * the browser hydrates the same children over it, as over any server markup, so the key must
 * name all they draw, or a page would show what another page drew. Without a cache (in the
 * browser, in tests) it is the plain element.
 */
export function Kept<T extends KeptTag>({
  as,
  cacheKey,
  children,
  ...props
}: { as: T; cacheKey: string; children: ReactNode } & Omit<ComponentProps<T>, 'children' | 'dangerouslySetInnerHTML'>) {
  const Tag = as as ElementType
  const cache = use(MarkupCacheContext)
  if (!cache) return <Tag {...props}>{children}</Tag>
  let html = cache.get(cacheKey)
  if (html === undefined) {
    let tree = children
    for (const Carried of CARRIED) tree = <Carried value={use(Carried)}>{tree}</Carried>
    html = cache.draw(cacheKey, tree)
  }
  return <Tag {...props} dangerouslySetInnerHTML={{ __html: html }} />
}
