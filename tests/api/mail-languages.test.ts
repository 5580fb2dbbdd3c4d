import { describe, expect, it } from 'vitest'
import type { ParsedMail } from 'mailparser'
import type { Lang } from '#contracts/languages.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { databases, signedInClient, useMailStore, type TestClient } from '#tests/api/harness.ts'
import { makeProduct, newAccount, testAddress } from '#tests/support/factories.ts'
import { recipientOf } from '#tests/support/smtp-server.ts'

// Email in the shopper's language (English or Urdu): an order's emails in the language
// it was placed in unless the account chose one, which wins; an account's own emails in
// the account's; an Urdu email right to left, its words Urdu, its prices Latin digits,
// and what the shopper typed still shown as text. On each database, through a real SMTP
// server on loopback, as a shopper's inbox reads it.

const PUBLIC_URL = 'https://shop.example'
const catalog = [
  makeProduct({ id: 'oxford-shirt', name: 'Men Oxford Shirt', price: 2499, sizes: ['S', 'M', 'L'] }),
  makeProduct({ id: 'kids-hoodie', name: 'Kids Hoodie', price: 1799, category: 'Kids', sizes: ['4-5Y', '6-7Y'] }),
]
const lines = [
  { _id: 'oxford-shirt', size: 'M', quantity: 2 },
  { _id: 'kids-hoodie', size: '6-7Y', quantity: 1 },
]
const amount = 2499 * 2 + 1799 + 50

/** Before the order number in an Urdu subject, so its "#" stays in front of it. */
const LRM = '\u200e'

let addresses = 0
const nextAddress = () => `10.29.0.${++addresses}`

/** The link labelled `label` in a message's plain text ("Label: https://…"). */
function link(text: string, label: string): string {
  const found = new RegExp(`${label}: (\\S+)`).exec(text)
  if (!found) throw new Error(`no "${label}" link in:\n${text}`)
  return found[1]!
}

describe.each(databases)('email in the shopper’s language (%s)', (kind) => {
  const s = useMailStore(kind, {
    catalog,
    env: { PUBLIC_URL, STORE_NAME: 'Kapra Test', MAIL_FROM: 'Kapra Test <orders@kapra.test>' },
    clearOutbox: true,
  })
  const services = () => s.store.services

  async function shopper(language?: Lang) {
    const signedIn = await signedInClient(s.store, nextAddress())
    if (language) await services().auth.setLanguage(signedIn.user._id, language)
    return signedIn
  }

  async function placeOrder(client: TestClient, options: { address?: object; language?: string } = {}) {
    for (const l of lines) {
      const res = await client.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
      expect(res.status).toBe(200)
    }
    const res = await client.post('/api/order/placeorder', {
      address: options.address ?? testAddress,
      items: lines,
      amount,
      ...(options.language ? { language: options.language } : {}),
    })
    expect(res.status).toBe(201)
    return ((await res.json()) as { order: Order }).order
  }

  /** The messages about one order that have arrived, oldest first. */
  async function mailAbout(order: Order): Promise<ParsedMail[]> {
    return (await s.deliver()).filter((m) => m.text?.includes(order._id) || m.subject?.includes(orderNumber(order._id)))
  }

  it('sends an Urdu order’s email right to left, in Urdu, with Latin-digit prices and what the shopper typed as text', async () => {
    const { client } = await shopper()
    const order = await placeOrder(client, {
      address: { ...testAddress, firstName: '<b>Ali</b>', street: '12 "Zamzama" & Co' },
      language: 'ur',
    })
    const number = orderNumber(order._id)
    const [message] = await mailAbout(order)
    expect(message!.subject).toBe(`براہِ کرم اپنا آرڈر ${LRM}${number} کنفرم کریں`)

    const html = message!.html || ''
    expect(html).toContain('<html dir="rtl" lang="ur">')
    // Again on the frame: Gmail drops the attributes of <html>.
    expect(html).toMatch(/<table[^>]* dir="rtl"/)
    expect(html).toContain('text-align:right')
    // Each value in its own direction: the Latin name, the order number ("#…" would
    // otherwise lose its "#" to the end), the street that starts with a number.
    expect(html).toContain('السلام علیکم <span dir="auto">&lt;b&gt;Ali&lt;/b&gt;</span>، آپ کا آرڈر ہمیں مل گیا ہے')
    expect(html).toContain(`آرڈر <span dir="auto">${number}</span> کا شکریہ`)
    expect(html).toContain('<span dir="auto">12 &quot;Zamzama&quot; &amp; Co</span>')
    expect(html).not.toContain('<b>Ali')
    expect(html).not.toMatch(/<script|<img|<link|url\(|src=/i)

    const text = message!.text ?? ''
    const day = new Intl.DateTimeFormat('ur-PK', { dateStyle: 'long', timeZone: 'Asia/Karachi' }).format(order.date)
    for (const expected of [
      'KAPRA TEST',
      `آرڈر ${number} کا شکریہ`,
      'السلام علیکم <b>Ali</b>، آپ کا آرڈر ہمیں مل گیا ہے',
      'جو آرڈر 48 گھنٹوں کے اندر کنفرم نہ ہو وہ منسوخ ہو جاتا ہے',
      `آرڈر نمبر: ${number}`,
      `آرڈر کی تاریخ: ${day}`,
      '- Men Oxford Shirt، سائز M · تعداد 2: Rs 4,998',
      '- Kids Hoodie، سائز 6-7Y · تعداد 1: Rs 1,799',
      'سب ٹوٹل: Rs 6,797',
      'ڈیلیوری چارجز: Rs 50',
      'کل رقم، کیش آن ڈیلیوری: Rs 6,847',
      'ڈیلیوری کا پتہ',
      '12 "Zamzama" & Co',
    ])
      expect(text).toContain(expected)
    expect(day).toMatch(/نومبر|دسمبر|جنوری|فروری|مارچ|اپریل|مئی|جون|جولائی|اگست|ستمبر|اکتوبر/)
    // No English of the template is left, and no message key or placeholder.
    expect(text).not.toMatch(/\bHi\b|Confirm my order|Subtotal|orderPlaced\.|\{\{/)

    // Its one-tap link, found by its Urdu label, confirms; the next email is in Urdu too.
    const token = new URL(link(text, 'میرا آرڈر کنفرم کریں')).searchParams.get('token')!
    const used = await s.store.client(nextAddress()).post('/api/order/link', { token })
    expect(used.status).toBe(200)
    const confirmed = (await mailAbout(order)).at(-1)
    expect(confirmed!.subject).toBe(`آپ کا آرڈر ${LRM}${number} کنفرم ہو گیا ہے`)
    expect(confirmed!.html).toContain('dir="rtl"')
    expect(link(confirmed!.text ?? '', 'اپنا آرڈر دیکھیں')).toBe(`${PUBLIC_URL}/order/${order._id}`)

    expect((await services().orders.forStore(order._id))!.language).toBe('ur')
  })

  it('writes an order’s emails in the account’s language when it chose one, else in the order’s', async () => {
    // The account chose English: its Urdu order's email is English.
    const english = await shopper('en')
    const urduOrder = await placeOrder(english.client, { language: 'ur' })
    expect((await mailAbout(urduOrder))[0]!.subject).toBe(`Please confirm your order ${orderNumber(urduOrder._id)}`)

    // The account chose Urdu: its order from the English store is written in Urdu.
    const urdu = await shopper('ur')
    const englishOrder = await placeOrder(urdu.client)
    const [placed] = await mailAbout(englishOrder)
    expect(placed!.subject).toBe(`براہِ کرم اپنا آرڈر ${LRM}${orderNumber(englishOrder._id)} کنفرم کریں`)
    // The order still records the store it came from.
    expect((await services().orders.forStore(englishOrder._id))!.language).toBe('en')

    // No choice: the order's language; a choice made later counts for the next email.
    const undecided = await shopper()
    const order = await placeOrder(undecided.client)
    const n = orderNumber(order._id)
    expect((await mailAbout(order))[0]!.subject).toBe(`Please confirm your order ${n}`)
    await services().auth.setLanguage(undecided.user._id, 'ur')
    await services().orders.advance(order._id, 'Confirmed')
    await services().orders.advance(order._id, 'Packing')
    await services().orders.advance(order._id, 'Shipped', { courier: 'TCS', trackingNumber: 'TCS-7781234' })
    const received = await mailAbout(order)
    const shipped = received.find((m) => m.subject === `آپ کا آرڈر ${LRM}${n} روانہ کر دیا گیا ہے`)
    expect(shipped?.text).toContain('کوریئر: TCS')
    expect(shipped?.text).toContain('ٹریکنگ نمبر: TCS-7781234')
    expect(shipped?.text).toContain(`براہِ کرم کوریئر کے لیے Rs ${amount.toLocaleString('en-US')} تیار رکھیں`)
  })

  it('refuses a language the store does not speak, for an order and for an account', async () => {
    const { client, user } = await shopper()
    for (const l of lines) await client.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
    const res = await client.post('/api/order/placeorder', {
      address: testAddress,
      items: lines,
      amount,
      language: 'fr',
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toMatch(/language/)
    await expect(services().auth.setLanguage(user._id, 'fr' as Lang)).rejects.toMatchObject({ status: 400 })
    await expect(services().auth.setLanguage('no-such-account', 'ur')).rejects.toMatchObject({ status: 401 })
    const written = await s.store.connection.db.selectFrom('mail_outbox').select('kind').execute()
    expect(written.filter((m) => m.kind.startsWith('order-'))).toEqual([])
  })

  it('writes the console’s WhatsApp message in the order’s language', async () => {
    const { client } = await shopper('en')
    const order = await placeOrder(client, { language: 'ur' })
    const detail = await services().admin.order(order._id)
    expect(new URL(detail.whatsapp.url).searchParams.get('text')).toBe(
      [
        `السلام علیکم ${testAddress.firstName}، Kapra Test کی طرف سے آپ کے آرڈر ${orderNumber(order._id)} کے بارے میں:`,
        ...order.items.map((i) => `- ${i.name}، سائز ${i.size}، تعداد ${i.quantity}`),
        `کل رقم: Rs ${amount.toLocaleString('en-US')} (کیش آن ڈیلیوری)`,
        `ڈیلیوری کا پتہ: ${testAddress.street}, ${testAddress.city}, ${testAddress.state} ${testAddress.pinCode}, ${testAddress.country}`,
        'آرڈر کنفرم کرنے کے لیے YES لکھ کر بھیج دیں، یا ہمیں بتائیں کہ کیا تبدیلی کرنی ہے۔',
      ].join('\n'),
    )
  })

  it('writes an account’s own emails in its language: the welcome of an Urdu sign-up, a password reset', async () => {
    const account = newAccount()
    await services().auth.register(account, nextAddress(), 'ur')
    const welcome = (await s.deliver()).findLast((m) => recipientOf(m) === account.email)
    expect(welcome!.subject).toBe('Kapra Test میں خوش آمدید')
    expect(welcome!.text).toContain(`خوش آمدید، ${account.name}`)
    expect(link(welcome!.text ?? '', 'میری ای میل کی تصدیق کریں')).toMatch(/\/verify-email\?token=/)

    const reset = await s.store.client(nextAddress()).post('/api/auth/forgot-password', { email: account.email })
    expect(reset.status).toBe(200)
    const message = (await s.deliver()).findLast((m) => recipientOf(m) === account.email)
    expect(message!.subject).toBe('اپنے Kapra Test اکاؤنٹ کا پاس ورڈ ری سیٹ کریں')
    expect(message!.html).toContain('<html dir="rtl" lang="ur">')
    expect(link(message!.text ?? '', 'نیا پاس ورڈ بنائیں')).toMatch(/\/reset-password\?token=/)
  })

  it('confirms a newsletter subscription from the Urdu store in Urdu, still one click to leave', async () => {
    const email = `urdu-${Date.now()}@example.com`
    await services().newsletter.subscribe(email, nextAddress(), 'ur')
    const message = (await s.deliver()).find((m) => recipientOf(m) === email)
    expect(message!.subject).toBe('Kapra Test کے نیوز لیٹر کی سبسکرپشن کنفرم کریں')
    expect(message!.text).toContain('آپ کا اپنا کوڈ: پہلے آرڈر پر 20% ڈسکاؤنٹ، سبسکرپشن کنفرم کرنے کے بعد: ')
    expect(link(message!.text ?? '', 'ان سبسکرائب کریں')).toMatch(/\/newsletter\/unsubscribe\?token=/)
    expect(message!.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    )
  })
})
