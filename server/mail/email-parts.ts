import { createElement as h, type CSSProperties, type ReactNode } from 'react'
import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { Lang } from '#contracts/languages.ts'
import type { Order } from '#contracts/orders.ts'
import { formatPrice } from '#contracts/pricing.ts'
import type { MailKey, Translate } from '#server/mail/i18n.ts'

// The building blocks every email is made of, as React components rendered on the
// server (the server runs .ts without JSX, docs/decisions/002, hence createElement).
// The store's look in mail: tables and inline styles only, no external images, fonts or
// scripts, so it renders the same in Gmail, Outlook and Apple Mail. An Urdu email is
// right to left throughout: `dir` on the document and again on the frame (Gmail drops
// <html>'s attributes), text aligned to its start, and the order lines' columns swapped.
// `data-text-format` marks what the plain-text part writes as "Label: value" (render.ts).

const INK = '#1c1917'
const MUTED = '#57534e'
const PAPER = '#faf8f5'
const SAND = '#f1ece4'
const LINE = '#e4ddd2'
const ACCENT = '#8b2942'
const LATIN = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
// Fonts a phone or computer already has (nothing is fetched); Nastaliq is how Urdu is read.
const URDU = `'Noto Nastaliq Urdu', 'Jameel Noori Nastaleeq', 'Urdu Typesetting', ${LATIN}`

/** How one language's email is laid out. */
export interface Theme {
  lang: Lang
  dir: 'ltr' | 'rtl'
  /** The side text starts on, and the other one (explicit: Outlook knows no `start`). */
  start: 'left' | 'right'
  end: 'left' | 'right'
  font: string
  /** Line heights of body text and of headings: Nastaliq's letters rise and fall further than Latin ones. */
  leading: number
  headingLeading: number
  /** Letter spacing breaks the joined letters of Urdu, so small capitals are English only. */
  spaced: boolean
}

export function themeFor(lang: Lang): Theme {
  return lang === 'ur'
    ? { lang, dir: 'rtl', start: 'right', end: 'left', font: URDU, leading: 2, headingLeading: 1.8, spaced: false }
    : { lang, dir: 'ltr', start: 'left', end: 'right', font: LATIN, leading: 1.6, headingLeading: 1.3, spaced: true }
}

export interface StoreIdentity {
  name: string
  email: string
  phone: string
  address: string
  /** The store's public address, without a trailing slash. */
  baseUrl: string
}

/**
 * A value in its own direction: a Latin name, an order number ("#1A2B3C4D") or a street
 * ("12 Zamzama") inside an Urdu sentence would otherwise have its digits and signs
 * reordered by the sentence's right-to-left flow, and an Urdu name in English the other
 * way. `dir="auto"` isolates it and takes its direction from its first letter.
 */
export const own = (value: string | number, key?: string | number) => h('span', { key, dir: 'auto' }, value)

/**
 * A message with each value in its own direction (`own`): the message is translated with
 * a private-use marker in each value's place, then cut there. `count` only picks the
 * plural form, and stays a number.
 */
export function sentence(t: Translate, key: MailKey, values: Record<string, string | number> = {}): ReactNode[] {
  const marked = Object.fromEntries(
    Object.keys(values).map((k) => [k, k === 'count' ? values[k]! : `\ue000${k}\ue000`]),
  )
  return t(key, marked)
    .split(/\ue000(\w+)\ue000/)
    .map((part, i) => (i % 2 === 1 ? own(values[part] ?? '', i) : part))
}

/** Marks an element the plain-text part writes as one line, "Label: value" (render.ts). */
const textLine = (format: 'link' | 'pair' | 'item') => ({ 'data-text-format': format })

/** A table that only lays things out (screen readers skip its structure). */
const layoutTable = (style: CSSProperties, rows: ReactNode) =>
  h(
    'table',
    { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, border: 0, style },
    h('tbody', null, rows),
  )

/** The frame every email shares: the store's name on top, its contact details below. */
export function EmailLayout(props: {
  theme: Theme
  store: StoreIdentity
  subject: string
  heading: ReactNode
  /** What an inbox shows beside the subject. */
  preview: string
  children?: ReactNode
}) {
  const { theme, store } = props
  const footer = `${store.name} · ${store.address} · ${store.phone} · ${store.email}`
  return h(
    Html,
    { lang: theme.lang, dir: theme.dir },
    h(
      Head,
      null,
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, props.subject),
    ),
    h(
      Body,
      { style: { margin: 0, padding: '24px 12px', backgroundColor: PAPER } },
      h(Preview, null, props.preview),
      h(
        Container,
        { dir: theme.dir, style: { maxWidth: '560px', fontFamily: theme.font, textAlign: theme.start } },
        h(
          Section,
          { style: { padding: '0 8px 20px' } },
          h(
            Text,
            {
              style: {
                margin: 0,
                fontFamily: LATIN,
                fontSize: '22px',
                fontWeight: 700,
                letterSpacing: '6px',
                color: INK,
              },
            },
            store.name.toUpperCase(),
          ),
        ),
        h(
          Section,
          {
            style: {
              backgroundColor: '#ffffff',
              border: `1px solid ${LINE}`,
              borderRadius: '16px',
              padding: '28px 24px',
            },
          },
          h(
            Heading,
            {
              as: 'h1',
              style: {
                margin: '0 0 16px',
                fontSize: '22px',
                lineHeight: theme.headingLeading,
                color: INK,
                textAlign: theme.start,
              },
            },
            props.heading,
          ),
          props.children,
        ),
        h(
          Section,
          { style: { padding: '20px 8px' } },
          h(
            Text,
            { style: { margin: 0, fontSize: '12px', lineHeight: theme.leading, color: MUTED, textAlign: theme.start } },
            footer,
          ),
        ),
      ),
    ),
  )
}

export function Paragraph(props: { theme: Theme; children?: ReactNode }) {
  const { theme } = props
  const style = { margin: '0 0 16px', fontSize: '15px', lineHeight: theme.leading, color: INK, textAlign: theme.start }
  return h(Text, { style }, props.children)
}

/** Smaller and quieter: what is good to know rather than what to do. */
export function Note(props: { theme: Theme; children?: ReactNode }) {
  const { theme } = props
  const style = {
    margin: '0 0 16px',
    fontSize: '13px',
    lineHeight: theme.leading,
    color: MUTED,
    textAlign: theme.start,
  }
  return h(Text, { style }, props.children)
}

/** The one thing to do, as a pill in the store's accent; in plain text "Label: https://…". */
export function EmailButton(props: { theme: Theme; href: string; label: string }) {
  return h(
    Section,
    { style: { margin: '8px 0 24px', textAlign: props.theme.start } },
    h(
      Button,
      {
        href: props.href,
        ...textLine('link'),
        style: {
          backgroundColor: ACCENT,
          borderRadius: '999px',
          padding: '12px 28px',
          fontFamily: props.theme.font,
          fontSize: '15px',
          fontWeight: 600,
          color: '#ffffff',
        },
      },
      props.label,
    ),
  )
}

/** A quiet link (unsubscribing); in plain text "Label: https://…" like a button. */
export function QuietLink(props: { theme: Theme; href: string; label: string }) {
  return h(
    Text,
    { style: { margin: 0, fontSize: '13px', color: MUTED, textAlign: props.theme.start } },
    h(
      Link,
      { href: props.href, ...textLine('link'), style: { color: MUTED, textDecoration: 'underline' } },
      props.label,
    ),
  )
}

/** Label and value rows on sand: the courier, a code, the order's number and day. */
export function Details(props: { theme: Theme; rows: [label: string, value: string][] }) {
  const { theme } = props
  const cell = { padding: '10px 16px', textAlign: theme.start }
  return layoutTable(
    { margin: '0 0 20px', backgroundColor: SAND, borderRadius: '12px' },
    props.rows.map(([label, value]) =>
      h(
        'tr',
        { key: label, ...textLine('pair') },
        h('td', { style: { ...cell, width: '40%', fontSize: '13px', color: MUTED } }, label),
        h('td', { style: { ...cell, fontSize: '14px', fontWeight: 600, color: INK } }, own(value)),
      ),
    ),
  )
}

/** The order's lines, each with its size, quantity and price, then its totals. */
export function OrderLines(props: { theme: Theme; t: Translate; order: Order }) {
  const { theme, t, order } = props
  const line = { borderBottom: `1px solid ${LINE}`, padding: '10px 0', fontSize: '14px', color: INK }
  const sum = (label: string, value: string, strong = false) => {
    const style: CSSProperties = { padding: '6px 0', fontSize: '14px', fontWeight: strong ? 700 : 400 }
    return h(
      'tr',
      { key: label, ...textLine('pair') },
      h('td', { style: { ...style, color: strong ? INK : MUTED, textAlign: theme.start } }, label),
      h('td', { align: theme.end, style: { ...style, color: INK, textAlign: theme.end } }, value),
    )
  }
  return layoutTable({ margin: '0 0 20px' }, [
    ...order.items.map((item, i) =>
      h(
        'tr',
        { key: i, ...textLine('item') },
        h(
          'td',
          { style: { ...line, textAlign: theme.start } },
          own(item.name),
          h('br'),
          h(
            'span',
            { style: { fontSize: '13px', color: MUTED } },
            t('lines.meta', { size: item.size, quantity: item.quantity }),
          ),
        ),
        h(
          'td',
          { align: theme.end, style: { ...line, textAlign: theme.end, whiteSpace: 'nowrap' } },
          formatPrice(item.price * item.quantity),
        ),
      ),
    ),
    sum(t('lines.subtotal'), formatPrice(order.subtotal)),
    sum(t('lines.delivery'), formatPrice(order.deliveryFee)),
    // docs/decisions/026: the code the order used, and what it took off.
    ...(order.discountCode === null
      ? []
      : [sum(t('lines.discount', { code: order.discountCode }), `\u2066−${formatPrice(order.discount)}\u2069`)]),
    sum(t('lines.total'), formatPrice(order.amount), true),
  ])
}

export function DeliveryAddress(props: { theme: Theme; t: Translate; order: Order }) {
  const { theme, t } = props
  const a = props.order.address
  const lines = [`${a.firstName} ${a.lastName}`, a.street, `${a.city}, ${a.state} ${a.pinCode}`, a.country, a.phone]
  return [
    h(
      Text,
      {
        key: 'title',
        style: {
          margin: '0 0 6px',
          fontSize: '13px',
          fontWeight: 600,
          color: MUTED,
          textAlign: theme.start,
          ...(theme.spaced ? { textTransform: 'uppercase', letterSpacing: '1px' } : {}),
        },
      },
      t('address.title'),
    ),
    h(
      Text,
      {
        key: 'lines',
        style: { margin: '0 0 20px', fontSize: '14px', lineHeight: theme.leading, color: INK, textAlign: theme.start },
      },
      lines.flatMap((l, i) => (i === 0 ? [own(l, i)] : [h('br', { key: `br${i}` }), own(l, i)])),
    ),
  ]
}
