import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NEWSLETTER_THANKS } from '#contracts/newsletter.ts'
import { createTestStore, databases, type TestStore } from '#tests/api/harness.ts'

// docs/spec/rulings.md #21: the address is stored idempotently and the subscriber thanked.
describe.each(databases)('newsletter (%s)', (kind) => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore(kind)
  })
  afterAll(() => store.close())

  const subscribers = (email: string) =>
    store.connection.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email_normalized', '=', email.toLowerCase())
      .execute()

  it('stores the address of a guest and thanks them', async () => {
    const res = await store.client().post('/api/newsletter/subscribe', { email: 'Zara.Ahmed@example.com' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: NEWSLETTER_THANKS })
    expect(await subscribers('zara.ahmed@example.com')).toMatchObject([
      { email_normalized: 'zara.ahmed@example.com', email: 'Zara.Ahmed@example.com' },
    ])
  })

  it('answers a second subscription of the same address as the first, keeping one row', async () => {
    const client = store.client()
    const first = await client.post('/api/newsletter/subscribe', { email: 'hamza@example.com' })
    const again = await client.post('/api/newsletter/subscribe', { email: 'hamza@example.com' })
    const shouted = await client.post('/api/newsletter/subscribe', { email: ' HAMZA@example.com ' })
    for (const res of [first, again, shouted]) {
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ message: NEWSLETTER_THANKS })
    }
    expect(await subscribers('hamza@example.com')).toHaveLength(1)
  })

  it.each([
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ email: '' }, 'Email is required'],
    [{}, 'Email is required'],
    [{ email: ['a@example.com'] }, 'Email is required'],
  ])('refuses %j with 400 naming the field and stores nothing', async (body, message) => {
    const before = await store.connection.db.selectFrom('newsletter_subscribers').selectAll().execute()
    const res = await store.client().post('/api/newsletter/subscribe', body)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ message, fields: { email: message } })
    expect(await store.connection.db.selectFrom('newsletter_subscribers').selectAll().execute()).toEqual(before)
  })
})
