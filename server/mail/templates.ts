import { orderNumber, type Order } from '#contracts/orders.ts'
import { computeTotals, formatPrice } from '#contracts/pricing.ts'

// Every email has a plain-text part and an HTML part in the store's look: tables and
// inline styles only, no external images, fonts or scripts, so it renders the same in
// Gmail, Outlook and Apple Mail. Every value from outside is escaped.

export interface Rendered {
  subject: string
  text: string
  html: string
  /** Extra headers: List-Unsubscribe on marketing email. */
  headers?: Record<string, string>
}

export interface StoreIdentity {
  name: string
  email: string
  phone: string
  address: string
  /** The store's public address, without a trailing slash. */
  baseUrl: string
}

const INK = '#1c1917'
const MUTED = '#57534e'
const PAPER = '#faf8f5'
const SAND = '#f1ece4'
const LINE = '#e4ddd2'
const ACCENT = '#8b2942'
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const rupees = formatPrice

/** One piece of an email's body: its HTML and its plain-text twin. */
interface Block {
  html: string
  text: string
}

const paragraph = (text: string): Block => ({
  html: `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:${INK};">${escapeHtml(text)}</p>`,
  text,
})

const note = (text: string): Block => ({
  html: `<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:${MUTED};">${escapeHtml(text)}</p>`,
  text,
})

function button(label: string, url: string): Block {
  const href = escapeHtml(url)
  return {
    html: `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td style="border-radius:999px;background:${ACCENT};"><a href="${href}" style="display:inline-block;padding:12px 28px;font-family:${FONT};font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:999px;">${escapeHtml(label)}</a></td></tr></table>`,
    text: `${label}: ${url}`,
  }
}

function details(rows: [string, string][]): Block {
  return {
    html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;background:${SAND};border-radius:12px;">${rows
      .map(
        ([k, v]) =>
          `<tr><td style="padding:10px 16px;font-size:13px;color:${MUTED};width:40%;">${escapeHtml(k)}</td><td style="padding:10px 16px;font-size:14px;font-weight:600;color:${INK};">${escapeHtml(v)}</td></tr>`,
      )
      .join('')}</table>`,
    text: rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
  }
}

function orderLines(order: Order): Block {
  const totals = computeTotals(
    order.items.map((i) => ({ productId: i._id, quantity: i.quantity })),
    (id) => order.items.find((i) => i._id === id)?.price,
  )
  const rows = order.items
    .map(
      (i) =>
        `<tr><td style="padding:10px 0;border-bottom:1px solid ${LINE};font-size:14px;color:${INK};">${escapeHtml(i.name)}<br><span style="font-size:13px;color:${MUTED};">Size ${escapeHtml(i.size)} &middot; Quantity ${i.quantity}</span></td><td align="right" style="padding:10px 0;border-bottom:1px solid ${LINE};font-size:14px;color:${INK};white-space:nowrap;">${rupees(i.price * i.quantity)}</td></tr>`,
    )
    .join('')
  const sum = (label: string, value: string, strong = false) =>
    `<tr><td style="padding:6px 0;font-size:14px;color:${strong ? INK : MUTED};${strong ? 'font-weight:700;' : ''}">${label}</td><td align="right" style="padding:6px 0;font-size:14px;color:${INK};${strong ? 'font-weight:700;' : ''}">${value}</td></tr>`
  return {
    html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;">${rows}${sum('Subtotal', rupees(totals.subtotal))}${sum('Delivery', rupees(totals.deliveryFee))}${sum('Total, cash on delivery', rupees(order.amount), true)}</table>`,
    text: [
      ...order.items.map((i) => `- ${i.name}, size ${i.size}, quantity ${i.quantity}: ${rupees(i.price * i.quantity)}`),
      `Subtotal: ${rupees(totals.subtotal)}`,
      `Delivery: ${rupees(totals.deliveryFee)}`,
      `Total, cash on delivery: ${rupees(order.amount)}`,
    ].join('\n'),
  }
}

function deliveryAddress(order: Order): Block {
  const a = order.address
  const lines = [`${a.firstName} ${a.lastName}`, a.street, `${a.city}, ${a.state} ${a.pinCode}`, a.country, a.phone]
  return {
    html: `<p style="margin:0 0 6px;font-size:13px;font-weight:600;color:${MUTED};text-transform:uppercase;letter-spacing:1px;">Delivery address</p><p style="margin:0 0 20px;font-size:14px;line-height:1.6;color:${INK};">${lines.map(escapeHtml).join('<br>')}</p>`,
    text: `Delivery address:\n${lines.join('\n')}`,
  }
}

/** The frame every email shares: the store's name on top, its contact details below. */
function layout(store: StoreIdentity, subject: string, heading: string, blocks: Block[]): Rendered {
  const footer = `${store.name} · ${store.address} · ${store.phone} · ${store.email}`
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${PAPER};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${PAPER};"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;font-family:${FONT};">
<tr><td style="padding:0 8px 20px;font-size:22px;font-weight:700;letter-spacing:6px;color:${INK};">${escapeHtml(store.name.toUpperCase())}</td></tr>
<tr><td style="background:#ffffff;border:1px solid ${LINE};border-radius:16px;padding:28px 24px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(heading)}</h1>
${blocks.map((b) => b.html).join('\n')}
</td></tr>
<tr><td style="padding:20px 8px;font-size:12px;line-height:1.6;color:${MUTED};">${escapeHtml(footer)}</td></tr>
</table></td></tr></table>
</body></html>`
  const text = [store.name.toUpperCase(), '', heading, '', ...blocks.map((b) => `${b.text}\n`), '--', footer].join('\n')
  return { subject, text, html }
}

const orderUrl = (store: StoreIdentity, order: Order) => `${store.baseUrl}/order/${order._id}`

export function orderPlacedEmail(
  store: StoreIdentity,
  order: Order,
  links: { confirm: string; cancel: string },
  confirmWithinHours?: number,
): Rendered {
  const number = orderNumber(order._id)
  return layout(store, `Please confirm your order ${number}`, `Thank you for your order ${number}`, [
    paragraph(
      `Hi ${order.address.firstName}, we have your order. We pack cash-on-delivery orders once you confirm them: one tap below.`,
    ),
    button('Confirm my order', links.confirm),
    ...(confirmWithinHours
      ? [note(`An order not confirmed within ${confirmWithinHours} hours is cancelled and its pieces go back on sale.`)]
      : []),
    orderLines(order),
    deliveryAddress(order),
    note('Changed your mind? You can cancel until we start packing:'),
    button('Cancel this order', links.cancel),
    note(`You can follow your order at ${orderUrl(store, order)}.`),
  ])
}

export function orderStatusEmail(
  store: StoreIdentity,
  order: Order,
  status: 'Confirmed' | 'Shipped' | 'Delivered' | 'Cancelled',
): Rendered {
  const number = orderNumber(order._id)
  const hi = `Hi ${order.address.firstName},`
  const follow = button('See your order', orderUrl(store, order))
  switch (status) {
    case 'Confirmed':
      return layout(store, `Your order ${number} is confirmed`, `Order ${number} is confirmed`, [
        paragraph(`${hi} thank you for confirming. We are getting your order ready and will tell you when it ships.`),
        orderLines(order),
        follow,
      ])
    case 'Shipped':
      return layout(store, `Your order ${number} has shipped`, `Order ${number} is on its way`, [
        paragraph(`${hi} your order has left us. Please keep ${rupees(order.amount)} ready for the courier.`),
        details([
          ['Courier', order.courier ?? ''],
          ['Tracking number', order.trackingNumber ?? ''],
        ]),
        follow,
      ])
    case 'Delivered':
      return layout(store, `Your order ${number} was delivered`, `Order ${number} was delivered`, [
        paragraph(`${hi} your order was delivered. We hope you love it. Returns and exchanges are easy within 7 days.`),
        follow,
      ])
    case 'Cancelled':
      return layout(store, `Your order ${number} is cancelled`, `Order ${number} is cancelled`, [
        paragraph(`${hi} your order is cancelled and nothing is owed. We hope to see you again soon.`),
        orderLines(order),
        follow,
      ])
  }
}

/** The store cancelled an order nobody confirmed in time (docs/decisions/017): why, and that nothing is owed. */
export function orderUnconfirmedEmail(store: StoreIdentity, order: Order, hours: number): Rendered {
  const number = orderNumber(order._id)
  return layout(store, `Your order ${number} is cancelled`, `Order ${number} is cancelled`, [
    paragraph(
      `Hi ${order.address.firstName}, we cancelled your order because it was not confirmed within ${hours} hours of being placed. Nothing is owed.`,
    ),
    orderLines(order),
    note('If you still want these pieces, you are welcome to order them again while they are in stock.'),
    button('Shop again', store.baseUrl),
  ])
}

export function welcomeEmail(store: StoreIdentity, name: string, verifyUrl: string | null): Rendered {
  return layout(
    store,
    `Welcome to ${store.name}`,
    `Welcome, ${name}`,
    verifyUrl
      ? [
          paragraph(`Your ${store.name} account is ready. Please confirm that this is your email address:`),
          button('Verify my email', verifyUrl),
          note('The link works for 7 days. You can shop before you verify.'),
        ]
      : [paragraph(`Your ${store.name} account is ready. Happy shopping!`), button('Start shopping', store.baseUrl)],
  )
}

export function verifyEmail(store: StoreIdentity, name: string, verifyUrl: string): Rendered {
  return layout(store, `Verify your email for ${store.name}`, 'Verify your email', [
    paragraph(`Hi ${name}, please confirm that this is your email address:`),
    button('Verify my email', verifyUrl),
    note('The link works for 7 days. If you did not ask for it, you can ignore this email.'),
  ])
}

export function passwordResetEmail(store: StoreIdentity, name: string, resetUrl: string): Rendered {
  return layout(store, `Reset your ${store.name} password`, 'Choose a new password', [
    paragraph(`Hi ${name}, someone (we hope you) asked to reset the password of your ${store.name} account.`),
    button('Choose a new password', resetUrl),
    note(
      'The link works once, for one hour. Using it signs you out everywhere else. If you did not ask, ignore this email: your password stays as it is.',
    ),
  ])
}

/** Double opt-in (marketing): the code comes with the confirmation; every such email can be left in one click. */
export function newsletterConfirmEmail(
  store: StoreIdentity,
  links: { confirm: string; unsubscribe: string },
  code: string,
): Rendered {
  const rendered = layout(store, `Confirm your subscription to ${store.name}`, 'One tap to confirm', [
    paragraph(`Thank you for subscribing to ${store.name}'s newsletter. Please confirm that this address is yours:`),
    button('Confirm my subscription', links.confirm),
    details([['Your code for 20% off', code]]),
    note('Did not subscribe? Ignore this email and you will hear nothing more from us.'),
    {
      html: `<p style="margin:0;font-size:13px;color:${MUTED};"><a href="${escapeHtml(links.unsubscribe)}" style="color:${MUTED};">Unsubscribe</a></p>`,
      text: `Unsubscribe: ${links.unsubscribe}`,
    },
  ])
  return {
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/** One email per request: the size a shopper asked about is back on the shelf. */
export function backInStockEmail(
  store: StoreIdentity,
  alert: { name: string; product: string; size: string; url: string },
): Rendered {
  return layout(store, `Back in stock: ${alert.product}, size ${alert.size}`, 'It is back in stock', [
    paragraph(`Hi ${alert.name}, you asked us to tell you when ${alert.product} in size ${alert.size} was back.`),
    paragraph('It is on the shelf again, while it lasts.'),
    button('See it in the store', alert.url),
    note('This is the only email about it: your request is now done. You can ask again on the product page.'),
  ])
}
