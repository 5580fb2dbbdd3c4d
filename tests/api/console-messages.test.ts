import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { createApp } from '#server/app.ts'
import { databases } from '#tests/api/harness.ts'
import type { Sale } from '#contracts/sales.ts'
import { DAY, json, nextAddress, pkt, storeWithClock } from '#tests/api/admin-console.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'

// The console's texts come from its own namespace, admin.json (locales/README.md): every
// console page, rendered for the owner, shows its English words and never a message key,
// whatever the language cookie says; no shopper's script carries the console's messages.

const locales = path.resolve(import.meta.dirname, '../../locales')
const messagesOf = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, 'en', file), 'utf8')) as Record<string, string>
const bare = (key: string) => key.replace(/_(one|other)$/, '')
/** The console's keys, and the storefront's (the console draws some of the store's components). */
const keys = [
  ...Object.keys(messagesOf('admin.json')),
  ...fs
    .readdirSync(path.join(locales, 'en'))
    .filter((f) => f.endsWith('.json') && !['admin.json', 'mail.json', 'server.json'].includes(f))
    .flatMap((f) => Object.keys(messagesOf(f))),
].map(bare)

/** The page's text and attribute values, scripts and styles left out. */
function shown(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<style\b[\s\S]*?<\/style>/g, '')
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const leakedKeys = (html: string) => keys.filter((k) => new RegExp(`[>"]\\s*${escape(k)}\\s*[<"]`).test(shown(html)))

describe.runIf(pagesBuilt).each(databases)('the console’s messages (%s)', (kind) => {
  const NOW = pkt('2026-11-24', '12:00')
  let s: Awaited<ReturnType<typeof storeWithClock>>
  let app: ReturnType<typeof createApp>
  let cookie: string
  let address: string
  let orderId: string
  let discountId: string
  let saleId: string

  beforeAll(async () => {
    s = await storeWithClock(kind, NOW)
    app = await appWithPages(s.store)
    address = nextAddress()
    const { client, user } = await s.admin('Sana Malik')
    cookie = client.cookie!
    const owner = await s.customer('Moe Owner')
    const order = await s.place(owner.client, [{ _id: 'oxford-shirt', size: 'M', quantity: 2 }], NOW)
    orderId = order._id
    // Something for each page's lists and audit to show: a moved order, an archived product.
    await s.moveTo(orderId, ['Confirmed'], NOW + 60_000)
    await s.store.services.admin.setArchived('denim-jeans', true, user)
    await s.store.services.admin.setArchived('denim-jeans', false, user)
    // A discount code, made and changed by the owner (docs/decisions/026).
    const code = await s.store.services.admin.createDiscount({ code: 'EID25', kind: 'percent', value: 25 }, user)
    await s.store.services.admin.updateDiscount(
      code.id,
      { code: 'EID25', kind: 'percent', value: 20, maxUses: 9 },
      user,
    )
    discountId = code.id
    // A sale on two products, made and changed through the API (docs/decisions/025): it runs now.
    const made = await json<{ sale: Sale }>(
      await client.post('/api/admin/sales', {
        name: 'Winter sale',
        percentOff: 20,
        productIds: ['oxford-shirt', 'denim-jeans'],
        startsAt: new Date(NOW - 60_000).toISOString(),
        endsAt: new Date(NOW + 7 * DAY).toISOString(),
      }),
      201,
    )
    saleId = made.sale.id
    await json(await client.post(`/api/admin/sales/${saleId}`, { percentOff: 30 }))
  })
  afterAll(() => s.store.close())

  const open = async (url: string, extraCookie = '') => {
    const res = await app.request(`http://store.test${url}`, {
      headers: { cookie: `${cookie}${extraCookie}`, 'x-forwarded-for': address },
    })
    expect(res.status, url).toBe(200)
    return res.text()
  }

  /** Each console page, with words of its own it must show. */
  const pages = (): [string, string[]][] => [
    ['/admin', ['<title>Dashboard · Console | Kapra</title>', '>Awaiting confirmation<', '>Running low<']],
    ['/admin/orders', ['>Orders<', '>Awaiting confirmation<', 'No orders awaiting confirmation.']],
    ['/admin/orders?status=Confirmed', ['1 order, newest first', '2 pieces']],
    [
      `/admin/orders/${orderId}`,
      ['>Next step<', '>Start packing<', '>Packing slip<', '>Changes by the store<', 'Confirmed · placed'],
    ],
    ['/admin/products', ['<title>Products · Console | Kapra</title>', '>New product<']],
    [
      '/admin/products/new',
      ['>Name in Urdu (optional)<', 'aria-label="Chart row 1 sleeves"', '>Create product<', '>Sale price (Rs)<'],
    ],
    [
      '/admin/products/import',
      ['<title>Import products · Console | Kapra</title>', '>Download the catalog (CSV)<', '>Check the file<'],
    ],
    ['/admin/products/denim-jeans', ['>Archive it<', 'archive · ', 'unarchive · ']],
    ['/admin/customers', ['>Customers<', '1 order', '0 delivered']],
    ['/admin/security', ['>Set up two-factor sign-in<', '>Turn on two-factor sign-in<']],
    [
      '/admin/discounts',
      ['<title>Discount codes · Console | Kapra</title>', '>New code<', '20% off', '0 / 9 used', '>active<'],
    ],
    ['/admin/discounts/new', ['>Starts (Karachi time)<', '>Percent off the subtotal<', '>Create code<']],
    [`/admin/discounts/${discountId}`, ['<title>EID25 · Console | Kapra</title>', '>End now<', 'update by Sana Malik']],
    [
      '/admin/sales',
      [
        '<title>Sales · Console | Kapra</title>',
        '>New sale<',
        '>1 sale<',
        '>−30%<',
        '>running<',
        '>2 products · ',
        ' PKT<',
        '>End now<span class="sr-only">',
        'Winter sale</span>',
      ],
    ],
    [
      '/admin/sales/new',
      [
        '<title>New sale · Console | Kapra</title>',
        '>Percent off (1–90)<',
        '>Starts (Pakistan time)<',
        '>Chosen products<',
        '/productdetail/<b>its-id</b>.',
        'the lowest price wins',
        '>Create sale<',
      ],
    ],
    [
      `/admin/sales/${saleId}?saved`,
      [
        '<title>Winter sale · Console | Kapra</title>',
        '−30% · 2 products · ',
        '>running<',
        'Saved. The store follows it on time.',
        '>Save changes<',
        '>Changes by the store<',
        'create · ',
        'update · ',
      ],
    ],
  ]

  it('every console page shows its English words, and no message key', async () => {
    for (const [url, words] of pages()) {
      const html = await open(url)
      expect(leakedKeys(html), url).toEqual([])
      // React marks where one text ends and the next begins; a reader sees them as one.
      const text = html.replaceAll('<!-- -->', '')
      for (const word of words) expect(text, `${url}: ${word}`).toContain(word)
      // The frame's sections, on every page.
      expect(html, url).toContain('aria-label="Console sections"')
    }
  })

  it('is in English whatever the language cookie says: the console has no Urdu twin', async () => {
    for (const url of ['/admin', '/admin/orders', '/admin/security']) {
      const html = await open(url, '; kapra_lang=ur')
      expect(html, url).toContain('<html lang="en" dir="ltr"')
      expect(leakedKeys(html), url).toEqual([])
      expect(html, url).toContain('>Dashboard<')
    }
  })
})

// The build's scripts (npm run build): the console's messages sit in a chunk of their own,
// which holds no storefront message, so a shopper's page never downloads them.
describe.runIf(pagesBuilt)('the console’s messages in the browser', () => {
  it('are a chunk of their own, apart from the storefront’s', () => {
    const assets = path.resolve(import.meta.dirname, '../../build/client/assets')
    const scripts = fs.readdirSync(assets).filter((f) => f.endsWith('.js'))
    const text = (f: string) => fs.readFileSync(path.join(assets, f), 'utf8')
    const consoleOnly = messagesOf('admin.json')['security.intro']!
    const storefront = messagesOf('common.json')
    const holding = scripts.filter((f) => text(f).includes(consoleOnly))
    expect(holding).toHaveLength(1)
    const chunk = text(holding[0]!)
    const shared = Object.values(storefront).filter((v) => v.length > 20 && chunk.includes(v))
    expect(shared).toEqual([])
  })
})
