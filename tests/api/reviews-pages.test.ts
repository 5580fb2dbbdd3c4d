import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '#contracts/orders.ts'
import { DELIVERY_FEE } from '#contracts/pricing.ts'
import type { createApp } from '#server/app.ts'
import {
  createTestStore,
  databases,
  signedInAdmin,
  signedInClient,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'
import { testAddress } from '#tests/support/factories.ts'

// The product page's reviews and the console's queue before the app's scripts run: plain
// links and form posts to the pages' actions, in both languages; a guest's kept page
// shows an approved review at once.

const ORIGIN = 'http://store.test'
const PRODUCT = '/productdetail/oxford-shirt'

describe.runIf(pagesBuilt).each(databases)('reviews on the pages (%s)', (kind) => {
  let store: TestStore
  let app: Awaited<ReturnType<typeof createApp>>
  let admin: TestClient
  beforeAll(async () => {
    store = await createTestStore(kind)
    app = await appWithPages(store)
    admin = (await signedInAdmin(store, '10.79.0.2')).client
  })
  afterAll(() => store.close())

  const page = (path: string, cookie = '') => app.request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} })
  const post = (path: string, cookie: string, body: FormData | URLSearchParams) =>
    app.request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie, origin: ORIGIN }, body })
  const review = (fields: Record<string, string>) => {
    const form = new FormData()
    form.set('intent', 'review')
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    form.set('photos', new Blob([]), '')
    return form
  }

  async function buyer(address: string) {
    const shopper = await signedInClient(store, address)
    await shopper.client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'L', quantity: 1 })
    const res = await shopper.client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'oxford-shirt', size: 'L', quantity: 1 }],
      amount: 2499 + DELIVERY_FEE,
    })
    const { order } = (await res.json()) as { order: Order }
    for (const to of ['Confirmed', 'Packing', 'Shipped', 'Delivered'] as const)
      await store.services.orders.advance(
        order._id,
        to,
        to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T' } : {},
      )
    return { ...shopper, order }
  }

  it('writes, waits, is approved in the console and shows at once, even on a kept guest page', async () => {
    // A guest's page, kept: no stars, no count, and an invitation to sign in.
    const before = await (await page(PRODUCT)).text()
    expect(before).toContain('No reviews yet')
    expect(before).toContain('Reviews (0)')
    expect(before).not.toContain('aggregateRating')
    expect(await (await page(PRODUCT)).text()).toContain('No reviews yet')

    // A shopper who has not received it is told who may review.
    const stranger = await signedInClient(store, '10.79.0.3')
    expect(await (await page(PRODUCT, stranger.client.cookie)).text()).toContain(
      'Reviews come from shoppers who received this piece.',
    )

    const ayesha = await buyer('10.79.0.4')
    const session = ayesha.client.cookie!
    const form = await (await page(`${PRODUCT}?reviewSort=newest`, session)).text()
    expect(form).toContain('Write a review')
    expect(form).toContain('You received size \u2068L\u2069.')

    // A refusal comes back in the page's language, with what was typed.
    const short = review({ rating: '5', title: 'Lovely', text: 'Too short', fit: 'true' })
    const refused = await (await post(`/ur${PRODUCT}`, session, short)).text()
    expect(refused).toContain('کم از کم 20 حروف لکھیں')
    expect(refused).toContain('Too short')

    const sent = review({
      rating: '5',
      title: 'Lovely collar',
      text: 'Crisp cotton that keeps its shape.',
      fit: 'small',
    })
    const saved = await (await post(PRODUCT, session, sent)).text()
    expect(saved).toContain('Thank you: your review will appear once the store has read it.')
    expect(await (await page(PRODUCT)).text()).toContain('No reviews yet')

    // The console's queue, and its decision as a plain form.
    const queue = await (await page('/admin/reviews', admin.cookie)).text()
    expect(queue).toContain('Lovely collar')
    const id = /name="reviewId" value="([^"]+)"/.exec(queue)?.[1]
    expect(id).toBeDefined()
    const decided = await post(
      '/admin/reviews?status=pending',
      admin.cookie!,
      new URLSearchParams({ reviewId: id!, intent: 'approve', reply: 'Thank you!' }),
    )
    expect(decided.status).toBe(302)
    const approved = await (await page('/admin/reviews?status=approved', admin.cookie)).text()
    expect(approved).toContain('Lovely collar')
    // The decision is in the console's audit log, and the queue says who made it.
    expect(approved).toMatch(/Last change: approved by Store Admin, \d{1,2} \w{3} \d{4}/)

    const shown = await (await page(PRODUCT)).text()
    expect(shown).toContain('Reviews (1)')
    expect(shown).toContain('1 review')
    expect(shown).toContain('Most say: runs small')
    expect(shown).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":5,"reviewCount":1')
    const reviews = await (await page(`${PRODUCT}?reviewSort=helpful`)).text()
    expect(reviews).toContain('Lovely collar')
    expect(reviews).toContain('Thank you!')
    const urdu = await (await page(`/ur${PRODUCT}?reviewSort=newest`)).text()
    expect(urdu).toContain('ریویوز (1)')
    expect(urdu).toContain('زیادہ تر کا کہنا ہے: سائز سے چھوٹا')

    // "Helpful" as a plain form: counted once, then the same.
    const voter = await signedInClient(store, '10.79.0.5')
    const vote = new URLSearchParams({ intent: 'helpful', reviewId: id! })
    expect((await post(`${PRODUCT}?reviewSort=newest`, voter.client.cookie!, vote)).status).toBe(302)
    expect((await post(`${PRODUCT}?reviewSort=newest`, voter.client.cookie!, vote)).status).toBe(302)
    expect(await (await page(`${PRODUCT}?reviewSort=newest`)).text()).toContain('Helpful (1)')
  })

  it("opens a Delivered order's review link signed out, in both languages, and says plainly when a link is no good", async () => {
    const { client, user, order } = await buyer('10.79.0.6')
    // The order page links each piece to its signed link.
    const orderPage = await (await page(`/order/${order._id}`, client.cookie)).text()
    const path = /href="(\/review\?token=[^"]+)"/.exec(orderPage)?.[1]?.replaceAll('&amp;', '&')
    expect(path).toBeDefined()
    expect(orderPage).not.toContain('#write-review')
    const token = decodeURIComponent(new URL(path!, ORIGIN).searchParams.get('token')!)

    // Signed out: the form, as the order's buyer, in English and in Urdu.
    const en = await page(path!)
    expect(en.headers.get('cache-control')).toBe('private, no-store')
    const enText = await en.text()
    expect(enText).toContain('Review a piece you received')
    expect(enText).toContain('You received size \u2068L\u2069.')
    expect(enText).toContain(`name="token" value="${token}"`)
    const ur = await (await page(`/ur${path!}`)).text()
    expect(ur).toContain('dir="rtl"')
    expect(ur).toContain('جو چیز آپ کو ملی، اس کا ریویو')

    const sent = review({
      rating: '4',
      title: 'By the link',
      text: 'Posted from the email without signing in.',
      fit: 'true',
    })
    sent.set('token', token)
    // The form posts to its own address, the token's page.
    expect(enText).toMatch(/<form [^>]*action="\/review\?token=[^"]+" encType="multipart\/form-data" method="post">/)
    const saved = await post(path!, '', sent)
    expect(await saved.text()).toContain('Thank you: your review will appear once the store has read it.')
    const stored = await store.connection.db
      .selectFrom('reviews')
      .select(['user_id', 'status', 'title'])
      .where('title', '=', 'By the link')
      .execute()
    expect(stored).toEqual([{ user_id: user._id, status: 'pending', title: 'By the link' }])
    expect(await (await page(path!)).text()).toContain('Your review is waiting for the store.')

    // A forged link: the reason in the page's language, and no form.
    const forged = `/review?token=${encodeURIComponent(token.slice(0, -2) + 'xx')}`
    const broken = await (await page(forged)).text()
    expect(broken).toContain('This review link is not valid. Sign in and open the order from My Orders to review it.')
    expect(broken).not.toContain('name="rating"')
    const brokenUr = await (await page(`/ur${forged}`)).text()
    expect(brokenUr).toContain('ریویو کا یہ لنک درست نہیں۔')
    expect(brokenUr).not.toContain('name="rating"')
    // And its post writes nothing.
    const forgedPost = review({
      rating: '1',
      title: 'Forged',
      text: 'Nobody should be able to post this one.',
      fit: 'true',
    })
    forgedPost.set('token', 'abc.def.ghi')
    expect(await (await post('/review', '', forgedPost)).text()).toContain('This review link is not valid.')
    expect(
      await store.connection.db.selectFrom('reviews').select('id').where('title', '=', 'Forged').execute(),
    ).toEqual([])
  })
})
