import { createElement as h } from 'react'
import { isLang, type Lang } from '#contracts/languages.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { formatPrice } from '#contracts/pricing.ts'
import { DEFAULT_RETURN_DAYS } from '#contracts/requests.ts'
import {
  DeliveryAddress,
  Details,
  EmailButton,
  EmailLayout,
  Note,
  OrderLines,
  Paragraph,
  QuietLink,
  type StoreIdentity,
} from '#server/mail/email-parts.ts'
import { formatDate } from '#server/mail/i18n.ts'
import {
  contextFor,
  orderUrl,
  rendered,
  subjectNumber,
  type EmailContext,
  type Rendered,
} from '#server/mail/email-context.ts'

// The emails other domains write, each a React component (email-parts.ts holds their
// building blocks) in the shopper's language: its words come from locales/<lang>/mail.json.
// Every email has an HTML part and a plain-text part, rendered from the same component.

export type { StoreIdentity } from '#server/mail/email-parts.ts'
export { requestEmail, type RequestNews } from '#server/mail/request-templates.ts'

export type { Rendered } from '#server/mail/email-context.ts'

/**
 * The language an email goes out in: the account's, when its owner chose one; else, for
 * an order's emails, the language the order was placed in; else English. Takes the
 * columns as stored: anything but a language the store speaks counts as not chosen.
 */
export function emailLanguage(account: string | null | undefined, order?: string | null): Lang {
  if (isLang(account)) return account
  if (isLang(order)) return order
  return 'en'
}

function OrderPlaced(
  props: EmailContext & { subject: string; order: Order; links: { confirm: string; cancel: string }; hours?: number },
) {
  const { store, theme, t, say, order } = props
  const number = orderNumber(order._id)
  const intro = ['orderPlaced.intro', { name: order.address.firstName }] as const
  return h(
    EmailLayout,
    { theme, store, subject: props.subject, heading: say('orderPlaced.heading', { number }), preview: t(...intro) },
    h(Paragraph, { theme }, say(...intro)),
    h(EmailButton, { theme, href: props.links.confirm, label: t('orderPlaced.confirm') }),
    // The shopper is told when an unconfirmed order lapses (docs/decisions/017).
    props.hours ? h(Note, { theme }, t('orderPlaced.lapse', { count: props.hours })) : null,
    h(Details, {
      theme,
      rows: [
        [t('order.number'), number],
        [t('order.placedOn'), formatDate(theme.lang, order.date)],
      ],
    }),
    h(OrderLines, { theme, t, order }),
    h(DeliveryAddress, { theme, t, order }),
    h(Note, { theme }, t('orderPlaced.changedMind')),
    h(EmailButton, { theme, href: props.links.cancel, label: t('orderPlaced.cancel') }),
    h(Note, { theme }, say('orderPlaced.follow', { url: orderUrl(store, order) })),
  )
}

export function orderPlacedEmail(
  store: StoreIdentity,
  lang: Lang,
  order: Order,
  links: { confirm: string; cancel: string },
  confirmWithinHours?: number,
): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t('orderPlaced.subject', { number: subjectNumber(ctx, order) })
  const hours = confirmWithinHours ? { hours: confirmWithinHours } : {}
  return rendered(ctx, subject, h(OrderPlaced, { ...ctx, subject, order, links, ...hours }))
}

/** The moves a shopper hears about, by the messages that tell them. */
const STATUS_MESSAGES = {
  Confirmed: 'orderConfirmed',
  Shipped: 'orderShipped',
  Delivered: 'orderDelivered',
  Cancelled: 'orderCancelled',
} as const
type EmailedStatus = keyof typeof STATUS_MESSAGES

function OrderStatus(
  props: EmailContext & {
    subject: string
    order: Order
    status: EmailedStatus
    returnDays: number
    reviewLinks: Record<string, string>
  },
) {
  const { store, theme, t, say, order, status } = props
  // One link a product, in the order's order, for the products the order's signed links name.
  const links = [...new Map(order.items.map((item) => [item._id, item])).values()].flatMap((item) => {
    const href = status === 'Delivered' ? props.reviewLinks[item._id] : undefined
    return href ? [{ item, href }] : []
  })
  const key = STATUS_MESSAGES[status]
  const number = orderNumber(order._id)
  const body = [
    `${key}.body`,
    {
      name: order.address.firstName,
      amount: formatPrice(order.amount),
      days: props.returnDays,
      count: props.returnDays,
    },
  ] as const
  return h(
    EmailLayout,
    { theme, store, subject: props.subject, heading: say(`${key}.heading`, { number }), preview: t(...body) },
    h(Paragraph, { theme }, say(...body)),
    status === 'Shipped'
      ? h(Details, {
          theme,
          rows: [
            [t('orderShipped.courier'), order.courier ?? ''],
            [t('orderShipped.tracking'), order.trackingNumber ?? ''],
          ],
        })
      : null,
    // Straight to the courier's own page for the parcel (contracts/couriers.ts), when it has one.
    status === 'Shipped' && order.trackingUrl && order.courier
      ? h(EmailButton, {
          theme,
          href: order.trackingUrl,
          label: t('orderShipped.trackButton', { courier: order.courier }),
        })
      : null,
    status === 'Confirmed' || status === 'Cancelled' ? h(OrderLines, { theme, t, order }) : null,
    h(EmailButton, { theme, href: orderUrl(store, order), label: t('order.see') }),
    // Delivered: an invitation to review each piece, a signed link each (only its buyer may).
    links.length ? h(Note, { theme }, t('orderDelivered.review')) : null,
    ...links.map(({ item, href }) =>
      h(QuietLink, { key: item._id, theme, href, label: t('orderDelivered.reviewItem', { product: item.name }) }),
    ),
  )
}

/**
 * An order's move the shopper hears about. Delivered promises RETURN_DAYS (`returnDays`,
 * docs/decisions/036) and invites a review of each product through `reviewLinks` (by
 * product id: the signed review links, docs/decisions/035).
 */
export function orderStatusEmail(
  store: StoreIdentity,
  lang: Lang,
  order: Order,
  status: EmailedStatus,
  returnDays: number = DEFAULT_RETURN_DAYS,
  reviewLinks: Record<string, string> = {},
): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t(`${STATUS_MESSAGES[status]}.subject`, { number: subjectNumber(ctx, order) })
  return rendered(ctx, subject, h(OrderStatus, { ...ctx, subject, order, status, returnDays, reviewLinks }))
}

function OrderUnconfirmed(props: EmailContext & { subject: string; order: Order; hours: number }) {
  const { store, theme, t, say, order } = props
  const body = ['orderUnconfirmed.body', { name: order.address.firstName, count: props.hours }] as const
  return h(
    EmailLayout,
    {
      theme,
      store,
      subject: props.subject,
      heading: say('orderCancelled.heading', { number: orderNumber(order._id) }),
      preview: t(...body),
    },
    h(Paragraph, { theme }, say(...body)),
    h(OrderLines, { theme, t, order }),
    h(Note, { theme }, t('orderUnconfirmed.again')),
    h(EmailButton, { theme, href: store.baseUrl, label: t('orderUnconfirmed.shop') }),
  )
}

/** The store cancelled an order nobody confirmed in time (docs/decisions/017): why, and that nothing is owed. */
export function orderUnconfirmedEmail(
  store: StoreIdentity,
  lang: Lang,
  order: Order,
  hours: number,
): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t('orderCancelled.subject', { number: subjectNumber(ctx, order) })
  return rendered(ctx, subject, h(OrderUnconfirmed, { ...ctx, subject, order, hours }))
}

function Welcome(props: EmailContext & { subject: string; name: string; verifyUrl: string | null }) {
  const { store, theme, t, say, verifyUrl } = props
  const first = [verifyUrl ? 'welcome.verifyIntro' : 'welcome.ready', { store: store.name }] as const
  return h(
    EmailLayout,
    {
      theme,
      store,
      subject: props.subject,
      heading: say('welcome.heading', { name: props.name }),
      preview: t(...first),
    },
    h(Paragraph, { theme }, say(...first)),
    verifyUrl
      ? [
          h(EmailButton, { key: 'verify', theme, href: verifyUrl, label: t('verify.button') }),
          h(Note, { key: 'note', theme }, t('welcome.verifyNote')),
        ]
      : h(EmailButton, { theme, href: store.baseUrl, label: t('welcome.shop') }),
  )
}

export function welcomeEmail(
  store: StoreIdentity,
  lang: Lang,
  name: string,
  verifyUrl: string | null,
): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t('welcome.subject', { store: store.name })
  return rendered(ctx, subject, h(Welcome, { ...ctx, subject, name, verifyUrl }))
}

function VerifyEmail(props: EmailContext & { subject: string; name: string; verifyUrl: string }) {
  const { store, theme, t, say } = props
  const body = ['verify.body', { name: props.name }] as const
  return h(
    EmailLayout,
    { theme, store, subject: props.subject, heading: t('verify.heading'), preview: t(...body) },
    h(Paragraph, { theme }, say(...body)),
    h(EmailButton, { theme, href: props.verifyUrl, label: t('verify.button') }),
    h(Note, { theme }, t('verify.note')),
  )
}

export function verifyEmail(store: StoreIdentity, lang: Lang, name: string, verifyUrl: string): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t('verify.subject', { store: store.name })
  return rendered(ctx, subject, h(VerifyEmail, { ...ctx, subject, name, verifyUrl }))
}

function PasswordReset(props: EmailContext & { subject: string; name: string; resetUrl: string }) {
  const { store, theme, t, say } = props
  const body = ['reset.body', { name: props.name, store: store.name }] as const
  return h(
    EmailLayout,
    { theme, store, subject: props.subject, heading: t('reset.heading'), preview: t(...body) },
    h(Paragraph, { theme }, say(...body)),
    h(EmailButton, { theme, href: props.resetUrl, label: t('reset.button') }),
    h(Note, { theme }, t('reset.note')),
  )
}

export function passwordResetEmail(
  store: StoreIdentity,
  lang: Lang,
  name: string,
  resetUrl: string,
): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t('reset.subject', { store: store.name })
  return rendered(ctx, subject, h(PasswordReset, { ...ctx, subject, name, resetUrl }))
}

function NewsletterConfirm(
  props: EmailContext & { subject: string; links: { confirm: string; unsubscribe: string }; code: string },
) {
  const { store, theme, t, say } = props
  const body = ['newsletter.body', { store: store.name }] as const
  return h(
    EmailLayout,
    { theme, store, subject: props.subject, heading: t('newsletter.heading'), preview: t(...body) },
    h(Paragraph, { theme }, say(...body)),
    h(EmailButton, { theme, href: props.links.confirm, label: t('newsletter.button') }),
    h(Details, { theme, rows: [[t('newsletter.code'), props.code]] }),
    h(Note, { theme }, t('newsletter.note')),
    h(QuietLink, { theme, href: props.links.unsubscribe, label: t('newsletter.unsubscribe') }),
  )
}

/** Double opt-in (marketing): the code comes with the confirmation; every such email can be left in one click. */
export function newsletterConfirmEmail(
  store: StoreIdentity,
  lang: Lang,
  links: { confirm: string; unsubscribe: string },
  code: string,
): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t('newsletter.subject', { store: store.name })
  return rendered(ctx, subject, h(NewsletterConfirm, { ...ctx, subject, links, code }), {
    'List-Unsubscribe': `<${links.unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  })
}

interface StockAlert {
  name: string
  product: string
  size: string
  url: string
}

function BackInStock(props: EmailContext & { subject: string; alert: StockAlert }) {
  const { store, theme, t, say, alert } = props
  const body = ['backInStock.body', { name: alert.name, product: alert.product, size: alert.size }] as const
  return h(
    EmailLayout,
    { theme, store, subject: props.subject, heading: t('backInStock.heading'), preview: t(...body) },
    h(Paragraph, { theme }, say(...body)),
    h(Paragraph, { theme }, t('backInStock.shelf')),
    h(EmailButton, { theme, href: alert.url, label: t('backInStock.button') }),
    h(Note, { theme }, t('backInStock.note')),
  )
}

/** One email per request: the size a shopper asked about is back on the shelf. */
export function backInStockEmail(store: StoreIdentity, lang: Lang, alert: StockAlert): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t('backInStock.subject', { product: alert.product, size: alert.size })
  return rendered(ctx, subject, h(BackInStock, { ...ctx, subject, alert }))
}

interface WishlistNews {
  name: string
  product: string
  url: string
  /** On sale: the price now and before; back: the sizes back. */
  price?: string
  was?: string
  sizes?: string
}

function WishlistMail(props: EmailContext & { subject: string; kind: 'sale' | 'back'; news: WishlistNews }) {
  const { store, theme, t, say, kind, news } = props
  const body = [`wishlist.${kind}.body`, { ...news }] as const
  return h(
    EmailLayout,
    { theme, store, subject: props.subject, heading: t(`wishlist.${kind}.heading`), preview: t(...body) },
    h(Paragraph, { theme }, say(...body)),
    h(EmailButton, { theme, href: news.url, label: t('backInStock.button') }),
    h(Note, { theme }, t('wishlist.note')),
  )
}

/** One email when a kept product goes on sale, or sold-out sizes of it are back (server/wishlist). */
export function wishlistEmail(
  store: StoreIdentity,
  lang: Lang,
  kind: 'sale' | 'back',
  news: WishlistNews,
): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t(`wishlist.${kind}.subject`, { product: news.product })
  return rendered(ctx, subject, h(WishlistMail, { ...ctx, subject, kind, news }))
}
