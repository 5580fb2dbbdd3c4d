import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DELIVERY_FEE } from '#contracts/pricing.ts'
import {
  REVIEW_LINK_MS,
  reviewLinkSubject,
  type AdminReview,
  type AdminReviewPage,
  type OwnReview,
  type ReviewLink,
  type ReviewsPage,
} from '#contracts/reviews.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import {
  createTestStore,
  databases,
  signedInAdmin,
  signedInClient,
  type TestClient,
  type TestStore,
} from '#tests/api/harness.ts'
import { makeProduct, testAddress } from '#tests/support/factories.ts'

// Reviews (server/reviews): only a shopper with a Delivered order holding the product may
// review it, once (again edits it); every review waits for the owner; the storefront and
// the product's row count only approved ones, exactly; "Helpful" once per account. On each database.

const shirt = makeProduct({ id: 'review-shirt', name: 'Men Linen Shirt', price: 2000, stock: { S: 20, M: 20, L: 20 } })
const chinos = makeProduct({ id: 'review-chinos', name: 'Men Chinos', price: 3000, stock: { S: 5, M: 5, L: 5 } })

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

const review = (over: Record<string, unknown> = {}) => ({
  productId: shirt.id,
  rating: 4,
  title: 'Soft and cool',
  text: 'Wore it all day in Karachi heat and it stayed comfortable.',
  fit: 'true',
  ...over,
})

describe.each(databases)('reviews (%s)', (kind) => {
  let store: TestStore
  let dataDir: string
  let admin: TestClient
  let adminId: string
  let address = 10

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-reviews-'))
    store = await createTestStore(kind, { catalog: [shirt, chinos], env: { DATA_DIR: dataDir } })
    const signedIn = await signedInAdmin(store, '10.78.0.2')
    admin = signedIn.client
    adminId = signedIn.user._id
  })
  afterAll(async () => {
    await store.close()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  async function place(client: TestClient, productId: string, size: string): Promise<Order> {
    const price = [shirt, chinos].find((p) => p.id === productId)!.price
    await json(await client.post('/api/cart/update', { itemId: productId, size, quantity: 1 }))
    const res = await client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: productId, size, quantity: 1 }],
      amount: price + DELIVERY_FEE,
    })
    return (await json<{ order: Order }>(res, 201)).order
  }

  async function deliver(orderId: string) {
    for (const to of ['Confirmed', 'Packing', 'Shipped', 'Delivered'] as const)
      await store.services.orders.advance(
        orderId,
        to,
        to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T-1' } : {},
      )
  }

  /** A shopper who received the shirt in `size`. */
  async function buyer(size = 'M') {
    const shopper = await signedInClient(store, `10.78.1.${address++}`)
    await deliver((await place(shopper.client, shirt.id, size))._id)
    return shopper
  }

  const storedReviews = () =>
    store.connection.db.selectFrom('reviews').select(['user_id', 'product_id', 'status']).execute()
  const ratingRow = () =>
    store.connection.db
      .selectFrom('products')
      .select(['rating_count', 'rating_total', 'rating'])
      .where('id', '=', shirt.id)
      .executeTakeFirstOrThrow()
  const reviewsOf = async (query = '') =>
    json<ReviewsPage>(await store.client().get(`/api/products/${shirt.id}/reviews${query}`))
  const decide = async (id: string, body: object) =>
    (await json<{ review: AdminReview }>(await admin.post(`/api/admin/reviews/${id}/decision`, body))).review
  const submit = async (client: TestClient, body: object = review()) =>
    (await json<{ review: OwnReview }>(await client.post('/api/reviews', body), 201)).review

  it('is for signed-in shoppers who received the piece, and says so', async () => {
    expect((await store.client().post('/api/reviews', review())).status).toBe(401)
    const stranger = await signedInClient(store, '10.78.0.3')
    expect(await json(await stranger.client.post('/api/reviews', review()), 403)).toEqual({
      message: 'Only shoppers who received Men Linen Shirt can review it, and no delivered order of yours holds it.',
    })
    // An order on its way is not enough.
    await place(stranger.client, shirt.id, 'S')
    expect((await stranger.client.post('/api/reviews', review())).status).toBe(403)
    // A delivered order of another product is not either.
    const other = await signedInClient(store, '10.78.0.4')
    await deliver((await place(other.client, chinos.id, 'L'))._id)
    expect((await other.client.post('/api/reviews', review())).status).toBe(403)
    expect((await other.client.post('/api/reviews', review({ productId: 'no-such' }))).status).toBe(404)
    expect(await storedReviews()).toEqual([])
  })

  /** The review links of the Delivered email the outbox holds for this order, by the product they open. */
  async function emailedLinks(orderId: string): Promise<{ text: string; tokens: string[] }> {
    const rows = await store.connection.db.selectFrom('mail_outbox').select(['subject', 'text_body']).execute()
    const text = rows.find(
      (m) => m.subject.includes(orderNumber(orderId)) && /was delivered/.test(m.subject),
    )!.text_body
    const tokens = [...text.matchAll(/\/review\?token=([^\s)\]>"]+)/g)].map((m) => decodeURIComponent(m[1]!))
    return { text, tokens }
  }
  const readLink = async (token: string) =>
    json<ReviewLink>(await store.client().get(`/api/reviews/link?token=${encodeURIComponent(token)}`))
  const postByLink = (client: TestClient, token: string, over: Record<string, unknown> = {}) => {
    const { productId: _, ...fields } = review(over)
    return client.post('/api/reviews/link', { ...fields, token })
  }
  const sign = (subject: string, ttl = REVIEW_LINK_MS, purpose: 'review' | 'order-confirm' = 'review') =>
    store.services.mail.signLink(store.connection.db, purpose, subject, ttl)

  it('invites a review of each piece in the Delivered email, a signed link a product', async () => {
    const shopper = await signedInClient(store, `10.78.3.${address++}`)
    await json(await shopper.client.post('/api/cart/update', { itemId: shirt.id, size: 'S', quantity: 1 }))
    await json(await shopper.client.post('/api/cart/update', { itemId: chinos.id, size: 'L', quantity: 1 }))
    const placed = await shopper.client.post('/api/order/placeorder', {
      address: testAddress,
      items: [
        { _id: shirt.id, size: 'S', quantity: 1 },
        { _id: chinos.id, size: 'L', quantity: 1 },
      ],
      amount: shirt.price + chinos.price + DELIVERY_FEE,
    })
    const order = (await json<{ order: Order }>(placed, 201)).order
    await deliver(order._id)
    const { text, tokens } = await emailedLinks(order._id)
    expect(text).toContain('Review Men Linen Shirt')
    expect(text).toContain('Review Men Chinos')
    // Signed links only: no plain link to the product's form.
    expect(text).not.toContain('#write-review')
    expect(tokens).toHaveLength(2)
    // One link a product, in the order's order (two lines added in the same millisecond are
    // in the products' order instead of the shopper's, so the order is read, not assumed).
    expect(order.items.map((item) => [item._id, item.size]).sort()).toEqual([
      [chinos.id, 'L'],
      [shirt.id, 'S'],
    ])
    expect(await Promise.all(tokens.map(readLink))).toMatchObject(
      order.items.map((item) => ({
        state: 'ready',
        orderId: order._id,
        product: { _id: item._id, name: item._id === shirt.id ? 'Men Linen Shirt' : 'Men Chinos' },
        size: item.size,
        review: null,
      })),
    )
  })

  it("lets a review link's buyer review that product of that order, signed in or not, and nobody else", async () => {
    await store.connection.db.deleteFrom('reviews').execute()
    const ayesha = await signedInClient(store, `10.78.4.${address++}`)
    const order = await place(ayesha.client, shirt.id, 'L')
    await deliver(order._id)
    const [token] = (await emailedLinks(order._id)).tokens
    expect(token).toBeDefined()

    // Signed out, on any device: the review is Ayesha's, of the shirt, in the size she received; it waits.
    const guest = store.client()
    const posted = await json<{ review: OwnReview }>(await postByLink(guest, token!, { rating: 5 }), 201)
    expect(posted.review).toMatchObject({ productId: shirt.id, size: 'L', rating: 5, status: 'pending' })
    expect(posted.review.author).toBe(ayesha.account.name.split(' ')[0])
    expect(await storedReviews()).toEqual([{ user_id: ayesha.user._id, product_id: shirt.id, status: 'pending' }])
    // Again edits it, and the link shows it.
    await json(await postByLink(guest, token!, { rating: 3, title: 'Runs a little short' }), 201)
    expect(await readLink(token!)).toMatchObject({
      state: 'ready',
      review: { rating: 3, title: 'Runs a little short' },
    })
    expect(await storedReviews()).toHaveLength(1)

    // Someone else signed in who opens Ayesha's link writes Ayesha's review, never their own.
    const bilal = await signedInClient(store, `10.78.4.${address++}`)
    await json(await postByLink(bilal.client, token!, { rating: 4 }), 201)
    expect(await storedReviews()).toEqual([{ user_id: ayesha.user._id, product_id: shirt.id, status: 'pending' }])

    // Forged, tampered, another product, another purpose, expired: refused, nothing written.
    const before = await store.connection.db.selectFrom('reviews').selectAll().execute()
    const flipped = token!.slice(0, -1) + (token!.endsWith('A') ? 'B' : 'A')
    const [keyId, claims] = token!.split('.')
    const otherProduct = await sign(reviewLinkSubject(order._id, chinos.id))
    const bilalsOrder = await place(bilal.client, chinos.id, 'S')
    await deliver(bilalsOrder._id)
    const claimsOfBilal = (await sign(reviewLinkSubject(bilalsOrder._id, chinos.id))).split('.')[1]
    const refusals: [string, number, string][] = [
      ['not-a-token', 400, 'invalid'],
      [flipped, 400, 'invalid'],
      // Ayesha's key id and signature over Bilal's order: the signature does not match.
      [`${keyId}.${claimsOfBilal}.${token!.split('.')[2]}`, 400, 'invalid'],
      [otherProduct, 400, 'invalid'],
      [await sign(reviewLinkSubject(order._id, shirt.id), REVIEW_LINK_MS, 'order-confirm'), 400, 'invalid'],
      [await sign(order._id), 400, 'invalid'],
      [await sign(reviewLinkSubject(order._id, shirt.id), -1), 400, 'expired'],
    ]
    expect(claims).toBeDefined()
    for (const [bad, status, state] of refusals) {
      const answer = await json<{ message: string }>(await postByLink(guest, bad), status)
      expect(answer.message).toMatch(state === 'expired' ? /has expired/ : /is not valid/)
      expect(await readLink(bad)).toMatchObject({ state })
    }
    // An order not (or no longer) Delivered: its link writes nothing.
    const shipped = await place(bilal.client, shirt.id, 'M')
    for (const to of ['Confirmed', 'Packing', 'Shipped'] as const)
      await store.services.orders.advance(
        shipped._id,
        to,
        to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T' } : {},
      )
    const early = await sign(reviewLinkSubject(shipped._id, shirt.id))
    expect(await json(await postByLink(guest, early), 403)).toEqual({
      message: 'This order is no longer delivered, so its pieces cannot be reviewed from this link.',
    })
    expect(await readLink(early)).toMatchObject({ state: 'not-delivered' })
    expect((await guest.get('/api/reviews/link')).status).toBe(400)
    expect((await guest.post('/api/reviews/link', { token: token!, rating: 9 })).status).toBe(400)
    expect(await store.connection.db.selectFrom('reviews').selectAll().execute()).toEqual(before)

    // Bilal's own link is for his own review.
    const [bilalsToken] = (await emailedLinks(bilalsOrder._id)).tokens
    await json(await postByLink(guest, bilalsToken!, { rating: 2 }), 201)
    expect(
      await store.connection.db.selectFrom('reviews').select(['user_id', 'product_id']).orderBy('rating').execute(),
    ).toEqual([
      { user_id: bilal.user._id, product_id: chinos.id },
      { user_id: ayesha.user._id, product_id: shirt.id },
    ])
    await store.connection.db.deleteFrom('reviews').execute()
  })

  it('refuses a bad review with the field at fault, storing nothing', async () => {
    const ayesha = await buyer()
    for (const [body, field] of [
      [review({ rating: 6 }), 'rating'],
      [review({ rating: 0 }), 'rating'],
      [review({ text: 'Too short.' }), 'text'],
      [review({ text: 'x'.repeat(2001) }), 'text'],
      [review({ title: ' ' }), 'title'],
      [review({ fit: 'snug' }), 'fit'],
    ] as const) {
      const refused = await json<{ fields: Record<string, string> }>(
        await ayesha.client.post('/api/reviews', body),
        400,
      )
      expect(Object.keys(refused.fields)).toContain(field)
    }
    expect(await storedReviews()).toEqual([])
  })

  it('takes a review that waits for the owner, with the size bought; a second post edits it', async () => {
    const bilal = await buyer('L')
    const first = await submit(bilal.client)
    expect(first).toMatchObject({ status: 'pending', size: 'L', rating: 4, fit: 'true', helpful: 0, verified: true })
    expect(first.author).toBe(bilal.account.name.split(' ')[0])
    const edited = await submit(bilal.client, review({ rating: 2, title: 'Shrank in the wash' }))
    expect(edited.id).toBe(first.id)
    expect(edited).toMatchObject({ rating: 2, title: 'Shrank in the wash', status: 'pending' })
    // Waiting: nothing shows, nothing is counted.
    expect(await reviewsOf()).toEqual({
      items: [],
      total: 0,
      average: null,
      count: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      fit: { small: 0, true: 0, large: 0 },
    })
    expect(await ratingRow()).toEqual({ rating_count: 0, rating_total: 0, rating: 0 })
  })

  it("is the console's to approve, hide and answer; the counts are exact and the guests' pages drop", async () => {
    await store.connection.db.deleteFrom('reviews').execute()
    const [a, b, c] = [await buyer('S'), await buyer('M'), await buyer('L')]
    // A millisecond apart at least: the queue lists the oldest first.
    const later = () => new Promise((resolve) => setTimeout(resolve, 2))
    const ra = await submit(a.client, review({ rating: 5, fit: 'small' }))
    await later()
    const rb = await submit(b.client, review({ rating: 4, fit: 'true' }))
    await later()
    const rc = await submit(c.client, review({ rating: 1, fit: 'small', title: 'Tight at the chest' }))

    // Customers may not moderate.
    expect((await a.client.get('/api/admin/reviews')).status).toBe(403)
    expect((await a.client.post(`/api/admin/reviews/${ra.id}/decision`, { approve: true })).status).toBe(403)

    const queue = await json<AdminReviewPage>(await admin.get('/api/admin/reviews?status=pending'))
    expect(queue.items.map((r) => r.id)).toEqual([ra.id, rb.id, rc.id])
    expect(queue.items[0]).toMatchObject({ productName: 'Men Linen Shirt', email: a.account.email })
    const low = await json<AdminReviewPage>(await admin.get('/api/admin/reviews?status=pending&low=1'))
    expect(low.items.map((r) => r.id)).toEqual([rc.id])
    expect((await admin.get('/api/admin/reviews?status=maybe')).status).toBe(400)
    expect((await admin.post('/api/admin/reviews/nope/decision', { approve: true })).status).toBe(404)
    expect((await admin.post(`/api/admin/reviews/${ra.id}/decision`, { approve: 'yes' })).status).toBe(400)

    let changes = 0
    store.services.catalog.onChange(() => changes++)
    await decide(ra.id, { approve: true, reply: 'Thank you, Ayesha!' })
    expect(changes).toBeGreaterThan(0)
    await decide(rb.id, { approve: true })
    await decide(rc.id, { approve: true })
    const page = await reviewsOf()
    expect(page).toMatchObject({
      total: 3,
      count: 3,
      average: 3.3,
      distribution: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 1 },
      fit: { small: 2, true: 1, large: 0 },
    })
    expect(page.items.map((r) => r.id)).toEqual([rc.id, rb.id, ra.id])
    expect(page.items.find((r) => r.id === ra.id)?.reply).toBe('Thank you, Ayesha!')
    expect(await ratingRow()).toEqual({ rating_count: 3, rating_total: 10, rating: 333 })
    expect((await reviewsOf('?sort=lowest')).items.map((r) => r.rating)).toEqual([1, 4, 5])

    // Hidden: out of every count at once.
    const hidden = await decide(rc.id, { approve: false })
    expect(hidden.status).toBe('hidden')
    expect(await reviewsOf()).toMatchObject({ total: 2, count: 2, average: 4.5, fit: { small: 1, true: 1, large: 0 } })
    expect(await ratingRow()).toEqual({ rating_count: 2, rating_total: 9, rating: 450 })

    // An approved review edited waits again, and leaves the counts until then.
    await submit(b.client, review({ rating: 3 }))
    expect(await reviewsOf()).toMatchObject({ count: 1, average: 5 })
    expect(await ratingRow()).toEqual({ rating_count: 1, rating_total: 5, rating: 500 })
  })

  it("writes each decision to the console's audit log in the decision's transaction: approve, reply, hide", async () => {
    await store.connection.db.deleteFrom('reviews').execute()
    const a = await buyer('S')
    const mine = await submit(a.client, review({ rating: 5 }))
    const entries = () =>
      store.connection.db
        .selectFrom('audit_log')
        .select(['actor_id', 'action', 'before', 'after'])
        .where('entity', '=', 'review')
        .where('entity_id', '=', mine.id)
        .orderBy('id')
        .execute()

    await decide(mine.id, { approve: true })
    await decide(mine.id, { approve: true, reply: 'Thank you!' })
    await decide(mine.id, { approve: false })
    const standing = (status: string, reply: string | null) => JSON.stringify({ status, reply, productId: shirt.id })
    expect(await entries()).toEqual([
      { actor_id: adminId, action: 'approve', before: standing('pending', null), after: standing('approved', null) },
      {
        actor_id: adminId,
        action: 'reply',
        before: standing('approved', null),
        after: standing('approved', 'Thank you!'),
      },
      {
        actor_id: adminId,
        action: 'hide',
        before: standing('approved', 'Thank you!'),
        after: standing('hidden', 'Thank you!'),
      },
    ])
    // The queue's page reads the last decision on each of its reviews in one statement.
    expect(await store.services.admin.lastReviewDecisions([mine.id, 'no-such-review'])).toEqual({
      [mine.id]: { action: 'hide', by: 'Store Admin', at: expect.any(Number) as number },
    })
    // A refused decision writes no entry.
    expect((await admin.post(`/api/admin/reviews/${mine.id}/decision`, { approve: 'yes' })).status).toBe(400)
    expect(await entries()).toHaveLength(3)

    // What goes with a decision shares its transaction: when it fails, the decision is undone.
    await expect(
      store.services.reviews.decide(mine.id, { approve: true }, () => Promise.reject(new Error('audit down'))),
    ).rejects.toThrow('audit down')
    expect(await storedReviews()).toEqual([{ user_id: a.user._id, product_id: shirt.id, status: 'hidden' }])
    expect(await ratingRow()).toEqual({ rating_count: 0, rating_total: 0, rating: 0 })
  })

  it('counts "Helpful" once per account, never one\'s own, and sorts by it', async () => {
    await store.connection.db.deleteFrom('reviews').execute()
    const [a, b, voter] = [await buyer(), await buyer(), await signedInClient(store, '10.78.0.9')]
    const ra = await submit(a.client)
    const rb = await submit(b.client, review({ rating: 2 }))
    expect((await voter.client.post(`/api/reviews/${ra.id}/helpful`)).status).toBe(404)
    await decide(ra.id, { approve: true })
    await decide(rb.id, { approve: true })
    expect((await store.client().post(`/api/reviews/${rb.id}/helpful`)).status).toBe(401)
    expect(await json(await voter.client.post(`/api/reviews/${rb.id}/helpful`))).toEqual({ helpful: 1, counted: true })
    expect(await json(await voter.client.post(`/api/reviews/${rb.id}/helpful`))).toEqual({ helpful: 1, counted: false })
    expect(await json(await a.client.post(`/api/reviews/${rb.id}/helpful`))).toEqual({ helpful: 2, counted: true })
    expect((await b.client.post(`/api/reviews/${rb.id}/helpful`)).status).toBe(409)
    expect((await reviewsOf('?sort=helpful')).items.map((r) => [r.id, r.helpful])).toEqual([
      [rb.id, 2],
      [ra.id, 0],
    ])
    expect((await store.client().get(`/api/products/${shirt.id}/reviews?sort=best`)).status).toBe(400)
    expect((await store.client().get(`/api/products/no-such/reviews`)).status).toBe(404)
  })

  it('takes up to three photos as multipart, through the photo checks, and filters by them', async () => {
    await store.connection.db.deleteFrom('reviews').execute()
    const [a, b] = [await buyer(), await buyer()]
    const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer()
    const form = (photos: Buffer[], body: object = review()) => {
      const data = new FormData()
      data.set('review', JSON.stringify(body))
      photos.forEach((p, i) => data.set(`photo${i + 1}`, new Blob([new Uint8Array(p)], { type: 'image/png' }), 'p.png'))
      return data
    }
    const post = (client: TestClient, body: FormData) =>
      store.fetch('/api/reviews', {
        method: 'POST',
        body,
        headers: { cookie: client.cookie ?? '', 'x-forwarded-for': '10.78.2.1' },
      })
    const refused = await post(a.client, form([Buffer.from('not a photo')]))
    expect(refused.status).toBe(415)
    expect(await storedReviews()).toEqual([])
    const withPhotos = (await json<{ review: OwnReview }>(await post(a.client, form([png, png])), 201)).review
    expect(withPhotos.photos).toHaveLength(2)
    expect(withPhotos.photos[0]).toMatch(/^\/images\/products\/review-shirt-r-[a-z0-9]+-800\.webp$/)
    const image = await store.fetch(withPhotos.photos[0]!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/webp')
    const plain = await submit(b.client)
    await decide(withPhotos.id, { approve: true })
    await decide(plain.id, { approve: true })
    const filtered = await reviewsOf('?photos=1')
    expect(filtered.items.map((r) => r.id)).toEqual([withPhotos.id])
    expect(filtered).toMatchObject({ total: 1, count: 2 })
    // A plain form post is not a review.
    const urlencoded = await store.fetch('/api/reviews', {
      method: 'POST',
      body: 'rating=5',
      headers: { cookie: a.client.cookie ?? '', 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(urlencoded.status).toBe(415)
  })

  it("leaves with a deleted account: the product's stars are counted again", async () => {
    await store.connection.db.deleteFrom('reviews').execute()
    const [a, b] = [await buyer(), await buyer()]
    await decide((await submit(a.client, review({ rating: 5 }))).id, { approve: true })
    await decide((await submit(b.client, review({ rating: 3 }))).id, { approve: true })
    expect(await ratingRow()).toEqual({ rating_count: 2, rating_total: 8, rating: 400 })
    await json(await a.client.post('/api/user/delete', { password: a.account.password }))
    expect(await ratingRow()).toEqual({ rating_count: 1, rating_total: 3, rating: 300 })
    expect(await reviewsOf()).toMatchObject({ count: 1, average: 3 })
  })

  it('gives the collection "4 stars and up" with its count, "Top rated", and stars on the cards', async () => {
    await store.connection.db.deleteFrom('reviews').execute()
    await store.connection.db.updateTable('products').set({ rating: 0, rating_count: 0, rating_total: 0 }).execute()
    store.services.catalog.invalidate()
    type Page = {
      items: { _id: string; rating?: { average: number; count: number } }[]
      total: number
      facets: { rated: number }
    }
    const list = async (query: string) => json<Page>(await store.client().get(`/api/products?${query}`))
    expect((await list('rated=1')).total).toBe(0)
    expect((await list('')).facets.rated).toBe(0)

    const [a, b] = [await buyer(), await buyer()]
    await decide((await submit(a.client, review({ rating: 5 }))).id, { approve: true })
    await decide((await submit(b.client, review({ rating: 4 }))).id, { approve: true })
    const all = await list('')
    expect(all.facets.rated).toBe(1)
    expect(all.items.find((p) => p._id === shirt.id)?.rating).toEqual({ average: 4.5, count: 2 })
    expect(all.items.find((p) => p._id !== shirt.id)).not.toHaveProperty('rating')
    const rated = await list('rated=1')
    expect(rated.items.map((p) => p._id)).toEqual([shirt.id])
    expect(rated.total).toBe(1)
    expect((await list('sort=rating')).items[0]?._id).toBe(shirt.id)
    expect((await list('rated=1&category=Women')).total).toBe(0)
    expect((await store.client().get('/api/products?rated=2')).status).toBe(400)

    // Hidden below four stars: out of the filter at once.
    const low = await buyer()
    await decide((await submit(low.client, review({ rating: 1 }))).id, { approve: true })
    expect(await list('rated=1')).toMatchObject({ total: 0, facets: { rated: 0 } })
  })
})
