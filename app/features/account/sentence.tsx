import { Fragment, type ReactNode } from 'react'

// A translated sentence often holds an element: a link, a bold lead, an email kept left to
// right inside Urdu (docs/decisions/022). The sentence is translated with a marker in each
// such place, then the marker is replaced by the element, so each language puts it where its
// word order needs it, and no shopper's text (a name, an address) is ever read as markup.

const MARK = '\u0001'

/** The value to give `t()` for the placeholder `name`; `withParts` puts the element there. */
export const slot = (name: string) => `${MARK}${name}${MARK}`

/** The translated `text` with each slot replaced by its element in `parts`. */
export function withParts(text: string, parts: Record<string, ReactNode>): ReactNode {
  const pieces = text.split(MARK)
  return pieces.map((piece, i) =>
    // Odd pieces are the names between two marks.
    i % 2 === 1 ? <Fragment key={i}>{parts[piece]}</Fragment> : piece,
  )
}
