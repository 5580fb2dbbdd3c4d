import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DELIVERY_FEE } from '#contracts/pricing.ts'
import type { AdminReview, AdminReviewPage, OwnReview, ReviewsPage } from '#contracts/reviews.ts'
import type { Order } from '#contracts/orders.ts'
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
  let address = 10

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kapra-reviews-'))
    store = await createTestStore(kind, { catalog: [shirt, chinos], env: { DATA_DIR: dataDir } })
    admin = (await signedInAdmin(store, '10.78.0.2')).client
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

  it("invites a review of each piece in the Delivered email, at the piece's page", async () => {
    const shopper = await signedInClient(store, `10.78.3.${address++}`)
    await store.connection.db.deleteFrom('mail_outbox').execute()
    await deliver((await place(shopper.client, shirt.id, 'S'))._id)
    const bodies = await store.connection.db.selectFrom('mail_outbox').select(['subject', 'text_body']).execute()
    const delivered = bodies.find((m) => /was delivered/.test(m.subject))
    expect(delivered?.text_body).toContain('Review Men Linen Shirt')
    expect(delivered?.text_body).toContain('/productdetail/review-shirt?reviewSort=newest#write-review')
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
