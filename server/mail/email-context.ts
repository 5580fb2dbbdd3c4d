import type { ReactElement, ReactNode } from 'react'
import type { Lang } from '#contracts/languages.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { sentence, themeFor, type StoreIdentity, type Theme } from '#server/mail/email-parts.ts'
import { translator, type MailKey, type Translate } from '#server/mail/i18n.ts'
import { renderEmail } from '#server/mail/render.ts'

// What every email of templates.ts and request-templates.ts starts from: the store, the
// language's layout and words, and the rendering into HTML and text.

export interface Rendered {
  subject: string
  text: string
  html: string
  /** Extra headers: List-Unsubscribe on marketing email. */
  headers?: Record<string, string>
}

/**
 * What every email component is given: the store, the language's layout, and its words
 * as text (`t`: subjects, previews, labels) and as sentences whose values keep their own
 * direction (`say`: what the email's body reads, email-parts.ts `sentence`).
 */
export interface EmailContext {
  store: StoreIdentity
  theme: Theme
  t: Translate
  say: (key: MailKey, values?: Record<string, string | number>) => ReactNode[]
}

export function contextFor(store: StoreIdentity, lang: Lang): EmailContext {
  const t = translator(lang)
  return { store, theme: themeFor(lang), t, say: (key, values) => sentence(t, key, values) }
}

export async function rendered(
  ctx: EmailContext,
  subject: string,
  email: ReactElement,
  headers?: Record<string, string>,
): Promise<Rendered> {
  const { html, text } = await renderEmail(email, ctx.theme)
  return { subject, text, html, ...(headers ? { headers } : {}) }
}

export const orderUrl = (store: StoreIdentity, order: Order) => `${store.baseUrl}/order/${order._id}`

/**
 * The order number in a subject, which is plain text: in an Urdu one a left-to-right
 * mark before it keeps its "#" in front ("#1A2B3C4D", not "1A2B3C4D#"). The body's
 * values are isolated by markup instead (email-parts.ts `own`).
 */
export const subjectNumber = (ctx: EmailContext, order: Order) =>
  `${ctx.theme.dir === 'rtl' ? '\u200e' : ''}${orderNumber(order._id)}`
