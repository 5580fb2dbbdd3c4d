import { cloneElement, type ReactElement, type ReactNode } from 'react'
import type { Namespace, TFunction } from 'i18next'
import { useTranslation } from '#app/lib/i18n/use-translation.ts'

// A message with markup in it, as react-i18next's <Trans> draws it, for less: the store's
// messages hold text, `{{value}}`s and tags that hold no tags ('<0>Sign in</0> and…',
// 'Order <no>{{number}}</no>'). react-i18next's parses the message's markup at every
// render; here each message is parsed once. The size chart drew one for each size, about
// 4% of a product page's server time (docs/decisions/040). A test draws every message
// that uses it both ways (trans.test.tsx); eslint.config.js sends every import here.

type Text = (string | { value: string })[]
type Piece = { text: Text } | { tag: string; text: Text }

const parsed = new Map<string, Piece[] | null>()
const TAG = /<([A-Za-z0-9_]+)>([^<]*)<\/\1>/g
const VALUE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g

/** Text and values: 'Order {{number}}' as ['Order ', { value: 'number' }]. */
function textOf(source: string): Text {
  const out: Text = []
  let at = 0
  for (const match of source.matchAll(VALUE)) {
    if (match.index > at) out.push(source.slice(at, match.index))
    out.push({ value: match[1]! })
    at = match.index + match[0].length
  }
  if (at < source.length) out.push(source.slice(at))
  return out
}

/**
 * The message's pieces, or null when it holds what this does not read: a tag in a tag, a
 * lone tag, a value with a format ('{{n, number}}'). Kept for every message asked for; they
 * are the locale files' own, so they are few.
 */
function parse(message: string): Piece[] | null {
  let pieces = parsed.get(message)
  if (pieces !== undefined) return pieces
  pieces = []
  let at = 0
  for (const match of message.matchAll(TAG)) {
    if (match.index > at) pieces.push({ text: textOf(message.slice(at, match.index)) })
    pieces.push({ tag: match[1]!, text: textOf(match[2]!) })
    at = match.index + match[0].length
  }
  if (at < message.length) pieces.push({ text: textOf(message.slice(at)) })
  if (pieces.some((p) => p.text.some((s) => typeof s === 'string' && /[<>]|\{\{/.test(s)))) pieces = null
  parsed.set(message, pieces)
  return pieces
}

function fill(text: Text, values: Record<string, string | number> | undefined): string {
  return text.map((s) => (typeof s === 'string' ? s : String(values?.[s.value] ?? ''))).join('')
}

/** What a fixed `t` says of itself: the language and namespace it was made for (the store's hook gives them). */
interface Fixed {
  lng?: string
  ns?: string | readonly string[]
}

export function Trans<Ns extends Namespace>({
  t,
  i18nKey,
  values,
  components = [],
}: {
  t: TFunction<Ns>
  i18nKey: string
  values?: Record<string, string | number>
  components?: readonly ReactElement[] | Record<string, ReactElement>
}): ReactNode {
  const { i18n } = useTranslation()
  const { lng, ns } = t as Fixed
  const namespace = typeof ns === 'string' ? ns : ns?.[0]
  const message: unknown = lng && namespace ? i18n.getResource(lng, namespace, i18nKey) : undefined
  const pieces = typeof message === 'string' ? parse(message) : null
  // Anything else (a missing message, plurals, markup this does not read) is i18next's to say.
  if (!pieces) return (t as (key: string, options: object) => string)(i18nKey, values ?? {})
  const byName = components as Record<string, ReactElement | undefined>
  return pieces.map((piece, i) => {
    const text = fill(piece.text, values)
    if (!('tag' in piece)) return text
    const element = byName[piece.tag]
    return element ? cloneElement(element, { key: i }, text) : text
  })
}
