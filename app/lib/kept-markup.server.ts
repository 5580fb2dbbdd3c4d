import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import type { MarkupCache } from '#app/lib/kept-markup.tsx'

/**
 * The server's markup cache: each key's markup drawn once and kept, the least recently used
 * dropped past `maxChars` (two bytes a character at most, as V8 keeps strings).
 *
 * `renderToString` draws inside the page's own render. It is React's second server renderer
 * (react-dom's legacy build), with its own state and its own slot in each context, and it
 * gives React's dispatcher back when it returns: React supports it drawing inside another
 * render. Kept markup must not use `useId` (its ids would be another tree's), suspend, or draw
 * an eager image (React would preload it from the kept markup, not the page's head).
 */
export function createMarkupCache({ maxChars }: { maxChars: number }): MarkupCache & {
  readonly size: number
  readonly chars: number
} {
  const kept = new Map<string, string>()
  let chars = 0
  return {
    get(key) {
      const html = kept.get(key)
      if (html === undefined) return undefined
      // Most recently used last: the oldest go first.
      kept.delete(key)
      kept.set(key, html)
      return html
    },
    draw(key, tree: ReactNode) {
      const html = renderToString(tree)
      const size = html.length + key.length
      if (size > maxChars / 8) return html
      const old = kept.get(key)
      if (old !== undefined) chars -= old.length + key.length
      kept.set(key, html)
      chars += size
      for (const [oldKey, oldHtml] of kept) {
        if (chars <= maxChars) break
        kept.delete(oldKey)
        chars -= oldHtml.length + oldKey.length
      }
      return html
    },
    get size() {
      return kept.size
    },
    get chars() {
      return chars
    },
  }
}
