import { createElement as h } from 'react'
import type { Lang } from '#contracts/languages.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { formatPrice } from '#contracts/pricing.ts'
import type { OrderRequest } from '#contracts/requests.ts'
import type { MailKey } from '#server/mail/i18n.ts'
import { Details, EmailButton, EmailLayout, Note, Paragraph, type StoreIdentity } from '#server/mail/email-parts.ts'
import {
  contextFor,
  orderUrl,
  rendered,
  subjectNumber,
  type EmailContext,
  type Rendered,
} from '#server/mail/email-context.ts'

// The emails of an exchange or return (docs/decisions/036): the request received, approved
// (an exchange's new order and what the courier collects), declined, and the pieces back
// (a return's money sent back, how and with which reference).

/** Which step of the request the email tells of. */
export type RequestNews = 'received' | 'approved' | 'declined' | 'done'

const SUBJECTS = {
  received: 'requestReceived',
  approved: 'requestApproved',
  declined: 'requestDeclined',
  done: 'requestDone',
} as const

function RequestMail(
  props: EmailContext & {
    subject: string
    news: RequestNews
    order: Order
    request: OrderRequest
    exchange: Order | null
  },
) {
  const { store, theme, t, say, news, order, request, exchange } = props
  const key = SUBJECTS[news]
  const name = order.address.firstName
  const number = orderNumber(order._id)
  const body: [MailKey, Record<string, string | number>] =
    news === 'declined'
      ? ['requestDeclined.body', { name }]
      : news === 'done' && request.kind === 'return'
        ? [
            'requestDone.return',
            {
              name,
              amount: formatPrice(request.refundAmount),
              method: request.refundMethod ? t(`refund.${request.refundMethod}`) : '',
            },
          ]
        : news === 'approved' && request.kind === 'exchange'
          ? ['requestApproved.exchange', { name, exchange: exchange ? orderNumber(exchange._id) : '' }]
          : news === 'received'
            ? [`requestReceived.${request.kind}`, { name }]
            : [news === 'approved' ? 'requestApproved.return' : 'requestDone.exchange', { name }]
  // An exchange's money: the difference the courier collects, or nothing and why
  // (`refundAmount` is what the pieces cost on the order).
  const collect =
    news === 'approved' && exchange
      ? exchange.amount > 0
        ? say('requestApproved.collect', { amount: formatPrice(exchange.amount) })
        : request.refundAmount > exchange.subtotal
          ? t('requestApproved.cheaper')
          : t('requestApproved.nothing')
      : null
  return h(
    EmailLayout,
    { theme, store, subject: props.subject, heading: say(`${key}.heading`, { number }), preview: t(...body) },
    h(Paragraph, { theme }, say(...body)),
    collect ? h(Paragraph, { theme }, collect) : null,
    h(Details, {
      theme,
      rows: [
        [t('order.number'), number],
        ...request.items.map((item): [string, string] => [
          t('request.items'),
          item.newSize
            ? t('request.itemExchange', {
                product: isolate(item.name),
                size: isolate(item.size),
                newSize: isolate(item.newSize),
                quantity: item.quantity,
              })
            : t('request.item', { product: isolate(item.name), size: isolate(item.size), quantity: item.quantity }),
        ]),
        ...(news === 'done' && request.refundReference
          ? [[t('requestDone.reference'), request.refundReference] as [string, string]]
          : []),
      ],
    }),
    (news === 'approved' || news === 'declined') && request.decisionNote
      ? h(Note, { theme }, say('request.storeNote', { note: request.decisionNote }))
      : null,
    h(EmailButton, { theme, href: orderUrl(store, exchange ?? order), label: t('order.see') }),
  )
}

/** One email a step of a shopper's exchange or return, in their language. */
export function requestEmail(
  store: StoreIdentity,
  lang: Lang,
  news: RequestNews,
  details: { order: Order; request: OrderRequest; exchange?: Order | null },
): Promise<Rendered> {
  const ctx = contextFor(store, lang)
  const subject = ctx.t(`${SUBJECTS[news]}.subject`, { number: subjectNumber(ctx, details.order) })
  return rendered(
    ctx,
    subject,
    h(RequestMail, { ...ctx, subject, news, ...details, exchange: details.exchange ?? null }),
  )
}

/** A value (a size such as "2-3Y", a product's name) kept in its own direction inside a line of either language. */
const isolate = (text: string) => `\u2068${text}\u2069`
