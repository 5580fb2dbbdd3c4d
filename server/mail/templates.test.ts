import { describe, expect, it } from 'vitest'
import { LANGUAGES, type Lang } from '#contracts/languages.ts'
import { MAIL_MESSAGES } from '#server/mail/i18n.ts'
import * as templates from '#server/mail/templates.ts'
import type { Rendered, StoreIdentity } from '#server/mail/templates.ts'
import { makeOrder } from '#tests/support/factories.ts'

// Every email the store writes, in every language it speaks: rendered whole, with no
// message key or unfilled placeholder left where words should be, right to left in Urdu.

const store: StoreIdentity = {
  name: 'Kapra',
  email: 'hello@kapra.pk',
  phone: '+92 300 1234567',
  address: 'Plot 14, Clifton, Karachi',
  baseUrl: 'https://kapra.pk',
}

const order = makeOrder({
  items: [
    {
      _id: 'oxford-shirt',
      name: 'Men Oxford Shirt',
      price: 2499,
      image: '/images/a.webp',
      image1: '/images/a.webp',
      size: 'M',
      quantity: 2,
    },
    {
      _id: 'kids-hoodie',
      name: 'Kids Hoodie',
      price: 1799,
      image: '/images/b.webp',
      image1: '/images/b.webp',
      size: '6-7Y',
      quantity: 1,
    },
  ],
  subtotal: 6797,
  amount: 6847,
  date: Date.UTC(2026, 10, 24, 10),
  courier: 'TCS',
  trackingNumber: 'TCS-7781234',
})

const reviewLinksOf = (o: typeof order) =>
  Object.fromEntries(o.items.map((i) => [i._id, `https://store.test/review?token=${i._id}`]))

/** Every email, by the function that writes it; a new one must join the list. */
const emails: Record<string, [kind: string, (lang: Lang) => Promise<Rendered>][]> = {
  orderPlacedEmail: [
    [
      'order placed',
      (l) => templates.orderPlacedEmail(store, l, order, { confirm: 'https://c', cancel: 'https://x' }, 48),
    ],
  ],
  orderStatusEmail: (['Confirmed', 'Shipped', 'Delivered', 'Cancelled'] as const).map((status) => [
    `order ${status}`,
    // Delivered invites a review of each product through its signed link.
    (l) => templates.orderStatusEmail(store, l, order, status, 7, reviewLinksOf(order)),
  ]),
  orderUnconfirmedEmail: [['order unconfirmed', (l) => templates.orderUnconfirmedEmail(store, l, order, 48)]],
  welcomeEmail: [
    ['welcome, to verify', (l) => templates.welcomeEmail(store, l, 'Ayesha', 'https://v')],
    ['welcome, verified', (l) => templates.welcomeEmail(store, l, 'Ayesha', null)],
  ],
  verifyEmail: [['verify', (l) => templates.verifyEmail(store, l, 'Ayesha', 'https://v')]],
  passwordResetEmail: [['password reset', (l) => templates.passwordResetEmail(store, l, 'Ayesha', 'https://r')]],
  newsletterConfirmEmail: [
    [
      'newsletter',
      (l) =>
        templates.newsletterConfirmEmail(store, l, { confirm: 'https://c', unsubscribe: 'https://u' }, 'WELCOME20'),
    ],
  ],
  backInStockEmail: [
    [
      'back in stock',
      (l) =>
        templates.backInStockEmail(store, l, {
          name: 'Ayesha',
          product: 'Kids Hoodie',
          size: '6-7Y',
          url: 'https://p',
        }),
    ],
  ],
  wishlistEmail: [
    [
      'wishlist on sale',
      (l) =>
        templates.wishlistEmail(store, l, 'sale', {
          name: 'Ayesha',
          product: 'Kids Hoodie',
          url: 'https://p',
          price: 'Rs 1,299',
          was: 'Rs 1,799',
        }),
    ],
    [
      'wishlist back in stock',
      (l) =>
        templates.wishlistEmail(store, l, 'back', {
          name: 'Ayesha',
          product: 'Kids Hoodie',
          url: 'https://p',
          sizes: 'M, L',
        }),
    ],
  ],
  requestEmail: (
    [
      ['received', 'exchange', 'open'],
      ['approved', 'exchange', 'approved'],
      ['approved', 'return', 'approved'],
      ['declined', 'return', 'declined'],
      ['done', 'exchange', 'received'],
      ['done', 'return', 'received'],
    ] as const
  ).map(([news, kind, status]) => [
    `request ${news} (${kind})`,
    (l) =>
      templates.requestEmail(store, l, news, {
        order,
        request: {
          id: 'r1',
          orderId: order._id,
          kind,
          status,
          items: [
            {
              _id: 'oxford-shirt',
              name: 'Men Oxford Shirt',
              size: 'M',
              quantity: 1,
              newSize: kind === 'exchange' ? 'L' : null,
              price: 2499,
              image: '/images/a.webp',
            },
          ],
          reason: 'size',
          note: '',
          photos: [],
          decisionNote: news === 'declined' ? 'Worn and washed' : null,
          exchangeOrderId: null,
          refundMethod: kind === 'return' && news === 'done' ? 'jazzcash' : null,
          refundReference: kind === 'return' && news === 'done' ? 'JC-1' : null,
          refundAmount: 2499,
          createdAt: 0,
          decidedAt: null,
          receivedAt: null,
        },
        exchange: kind === 'exchange' && news === 'approved' ? { ...order, subtotal: 2499, amount: 0 } : null,
      }),
  ]),
}

// A message key shows as itself when it is missing (i18next's answer): "reset.note" is
// key-shaped, a name its namespace ("reset") and a word after a dot.
const namespaces = [...new Set(Object.keys(MAIL_MESSAGES.en).map((k) => k.split('.')[0]!))]
const rawKey = new RegExp(`\\b(?:${namespaces.join('|')})\\.[A-Za-z_]+`)

describe('every email in every language', () => {
  it('lists every email the templates write', () => {
    const written = Object.keys(templates).filter((name) => name.endsWith('Email'))
    expect(Object.keys(emails).sort()).toEqual(written.sort())
  })

  const cases = Object.values(emails)
    .flat()
    .flatMap(([kind, write]) => LANGUAGES.map((lang) => [kind, lang, write] as const))

  it.each(cases)('%s in %s: words, not keys or placeholders', async (_kind, lang, write) => {
    const email = await write(lang)
    for (const part of [email.subject, email.text, email.html]) {
      expect(part).not.toContain('{{')
      expect(part).not.toMatch(rawKey)
    }
    expect(email.text.trim()).not.toBe('')
    expect(email.html).toContain(`<html dir="${lang === 'ur' ? 'rtl' : 'ltr'}" lang="${lang}">`)
    expect(email.html).toContain(`<title>${email.subject}</title>`)
    // Nothing a mail client would fetch or run.
    expect(email.html).not.toMatch(/<script|<img|<link|url\(|src=/i)
    if (lang === 'ur') {
      expect(email.subject).toMatch(/[\u0600-\u06ff]/)
      expect(email.text).not.toMatch(/\bHi\b|\bthe\b|\byour\b/i)
    }
  })

  it('writes prices with Latin digits in Urdu too', async () => {
    const { text } = await templates.orderPlacedEmail(store, 'ur', order, { confirm: 'https://c', cancel: 'https://x' })
    expect(text).toContain('کل رقم، کیش آن ڈیلیوری: Rs 6,847')
    expect(text).not.toMatch(/[\u06f0-\u06f9\u0660-\u0669]/)
  })

  it('shows an order’s discount code and what it took off, in each language (docs/decisions/026)', async () => {
    const discounted = { ...order, discountCode: 'EID25', discount: 1699, amount: 6847 - 1699 }
    const links = { confirm: 'https://c', cancel: 'https://x' }
    const en = await templates.orderPlacedEmail(store, 'en', discounted, links)
    expect(en.text).toContain('Subtotal: Rs 6,797')
    expect(en.text).toContain('Discount (EID25): \u2066−Rs 1,699\u2069')
    expect(en.text).toContain('Total, cash on delivery: Rs 5,148')
    expect(en.html).toContain('EID25')
    const ur = await templates.orderPlacedEmail(store, 'ur', discounted, links)
    expect(ur.text).toContain('ڈسکاؤنٹ (EID25): \u2066−Rs 1,699\u2069')
    expect(ur.text).toContain('کل رقم، کیش آن ڈیلیوری: Rs 5,148')
    // No code: no discount line.
    expect((await templates.orderPlacedEmail(store, 'en', order, links)).text).not.toContain('Discount')
  })

  it('links the Shipped email straight to the courier’s tracking page, in each language', async () => {
    const url = 'https://www.tcsexpress.com/track/?consignmentNo=TCS-7781234'
    const shipped = { ...order, status: 'Shipped' as const, trackingUrl: url }
    const en = await templates.orderStatusEmail(store, 'en', shipped, 'Shipped')
    expect(en.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`)
    expect(en.text).toContain('Track your parcel on TCS')
    expect(en.text).toContain(url)
    const ur = await templates.orderStatusEmail(store, 'ur', shipped, 'Shipped')
    expect(ur.text).toContain('اپنا پارسل TCS پر ٹریک کریں')
    // Without a courier page (Other), the number alone.
    const other = await templates.orderStatusEmail(
      store,
      'en',
      { ...shipped, courier: 'Other', trackingUrl: null },
      'Shipped',
    )
    expect(other.text).not.toContain('Track your parcel')
  })

  it('keeps the marketing email’s one-click unsubscribe headers in every language', async () => {
    for (const lang of LANGUAGES) {
      const { headers } = await templates.newsletterConfirmEmail(
        store,
        lang,
        { confirm: 'https://c', unsubscribe: 'https://u' },
        'W',
      )
      expect(headers).toEqual({
        'List-Unsubscribe': '<https://u>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      })
    }
  })
})

describe('the language an email goes out in', () => {
  it('is the account’s when it chose one, else the order’s, else English', () => {
    expect(templates.emailLanguage('ur', 'en')).toBe('ur')
    expect(templates.emailLanguage('en', 'ur')).toBe('en')
    expect(templates.emailLanguage(null, 'ur')).toBe('ur')
    expect(templates.emailLanguage(undefined, null)).toBe('en')
    expect(templates.emailLanguage(null)).toBe('en')
    // What the store does not speak counts as not chosen.
    expect(templates.emailLanguage('fr', 'ur')).toBe('ur')
    expect(templates.emailLanguage('fr', 'de')).toBe('en')
  })
})
