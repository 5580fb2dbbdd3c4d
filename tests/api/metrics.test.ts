import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { createTestStore, databases, signedInClient, type TestStore } from '#tests/api/harness.ts'
import { testAddress } from '#tests/support/factories.ts'

// /metrics in Prometheus' text format: only to the addresses METRICS_ALLOW names; requests
// counted by their route's pattern and status, with their latency and rate-limit refusals;
// orders by status and the outbox's backlog read from the database; PostgreSQL's pool.

/** The value of one sample, e.g. `kapra_orders{status="Order Placed"}`. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `))
  return line === undefined ? undefined : Number(line.slice(name.length + 1))
}

describe.each(databases)('the store’s metrics (%s)', (kind) => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore(kind, { env: { LOGIN_LIMIT_PER_IP: '2', METRICS_ALLOW: '127.0.0.1,10.9.0.0/16' } })
  })
  afterAll(() => store.close())

  const scrape = async (from = '127.0.0.1') => {
    const res = await store.client(from).get('/metrics')
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
  }

  it('answers only the addresses METRICS_ALLOW names, and 404 to anyone else', async () => {
    expect((await scrape('127.0.0.1')).status).toBe(200)
    expect((await scrape('10.9.200.7')).status).toBe(200)
    const outside = await scrape('203.0.113.50')
    expect(outside.status).toBe(404)
    expect(outside.text).not.toContain('kapra_')
    expect((await scrape('::ffff:127.0.0.1')).status).toBe(200)
  })

  it('counts requests by route pattern and status, with their latency', async () => {
    const shopper = store.client('198.51.100.7')
    await shopper.get('/api/product/oxford-shirt')
    await shopper.get('/api/product/kids-hoodie')
    await shopper.get('/api/product/no-such-product')
    const { status, type, text } = await scrape()
    expect(status).toBe(200)
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/)
    const ok = 'kapra_http_requests_total{method="GET",route="/api/product/:id",status="200"}'
    expect(sample(text, ok)).toBe(2)
    expect(sample(text, ok.replace('"200"', '"404"'))).toBe(1)
    // Never a product's own address: one series a route.
    expect(text).not.toContain('oxford-shirt')
    expect(sample(text, 'kapra_http_request_duration_seconds_count{method="GET",route="/api/product/:id"}')).toBe(3)
    expect(text).toContain('kapra_process_resident_memory_bytes')
  })

  it('counts a rate limit’s refusals', async () => {
    const guesser = store.client('198.51.100.99')
    for (let i = 0; i < 3; i++) await guesser.post('/api/auth/login', { email: 'nobody@example.com', password: 'x' })
    const text = (await scrape()).text
    expect(sample(text, 'kapra_rate_limit_refusals_total{route="/api/auth/login"}')).toBeGreaterThanOrEqual(1)
    expect(
      sample(text, 'kapra_http_requests_total{method="POST",route="/api/auth/login",status="429"}'),
    ).toBeGreaterThanOrEqual(1)
  })

  it('reads orders by status and the outbox’s backlog from the database when scraped', async () => {
    const before = (await scrape()).text
    const placedBefore = sample(before, 'kapra_orders{status="Order Placed"}')!
    const { client } = await signedInClient(store, '198.51.100.8')
    await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })
    const placed = await client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }],
      amount: 2499 + 50,
    })
    expect(placed.status).toBe(201)
    const after = (await scrape()).text
    expect(sample(after, 'kapra_orders{status="Order Placed"}')).toBe(placedBefore + 1)
    expect(sample(after, 'kapra_orders{status="Delivered"}')).toBe(0)
    // The order's email waits in the outbox (no mail worker runs in these tests).
    expect(sample(after, 'kapra_mail_outbox_waiting')).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'kapra_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0)
    expect(sample(after, 'kapra_discounts_given_rupees_30d')).toBe(0)

    // An order with a code: what it took off is counted.
    await store.services.discounts.create(store.connection.db, { code: 'METRICS100', kind: 'fixed', value: 100 })
    await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })
    const discounted = await client.post('/api/order/placeorder', {
      address: testAddress,
      items: [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }],
      amount: 2499 + 50,
      discountCode: 'metrics100',
    })
    expect(discounted.status).toBe(201)
    expect(sample((await scrape()).text, 'kapra_discounts_given_rupees_30d')).toBe(100)
  })

  it(kind === 'postgres' ? 'shows the database pool' : 'has no pool to show on SQLite', async () => {
    const text = (await scrape()).text
    const total = sample(text, 'kapra_db_pool_connections{state="total"}')
    if (kind === 'postgres') expect(total).toBeGreaterThanOrEqual(1)
    else expect(total).toBeUndefined()
  })
})

describe('METRICS_ALLOW', () => {
  it('takes addresses and ranges, and refuses anything else', () => {
    expect(() => loadConfig({ METRICS_ALLOW: '127.0.0.1, ::1, 10.0.0.0/8' })).not.toThrow()
    expect(() => loadConfig({ METRICS_ALLOW: 'localhost' })).toThrow(/METRICS_ALLOW/)
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/40' })).toThrow(/METRICS_ALLOW/)
  })
})
