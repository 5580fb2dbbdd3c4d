import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { createApp } from '#server/app.ts'
import { databases } from '#tests/api/harness.ts'
import { nextAddress, pkt, storeWithClock } from '#tests/api/admin-console.ts'
import { appWithPages, pagesBuilt } from '#tests/api/pages.ts'

// The console's order page offers the tracking link's WhatsApp chat once an order is on its
// way, only when its courier has a tracking page: the courier Other has none (contracts/couriers.ts).

describe.runIf(pagesBuilt).each(databases)('the tracking link’s chat in the console (%s)', (kind) => {
  const NOW = pkt('2026-11-24', '12:00')
  let s: Awaited<ReturnType<typeof storeWithClock>>
  let app: ReturnType<typeof createApp>
  let cookie: string
  const address = nextAddress()
  beforeAll(async () => {
    s = await storeWithClock(kind, NOW)
    app = await appWithPages(s.store)
    cookie = (await s.admin()).client.cookie!
  })
  afterAll(() => s.store.close())

  const page = async (orderId: string) => {
    const res = await app.request(`http://store.test/admin/orders/${orderId}`, {
      headers: { cookie, 'x-forwarded-for': address },
    })
    expect(res.status).toBe(200)
    return res.text()
  }

  async function shippedWith(courier: string) {
    const { client } = await s.customer()
    const order = await s.place(client, [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }], NOW)
    for (const to of ['Confirmed', 'Packing', 'Shipped'] as const)
      await s.store.services.orders.advance(order._id, to, to === 'Shipped' ? { courier, trackingNumber: 'K-77' } : {})
    return order._id
  }

  it('shows it for a courier with a tracking page, on the way and out for delivery', async () => {
    const id = await shippedWith('TCS')
    expect(await page(id)).toContain('Send the tracking link on WhatsApp')
    await s.store.services.orders.advance(id, 'Out for delivery')
    expect(await page(id)).toContain('Send the tracking link on WhatsApp')
  })

  it('hides it for the courier Other, which has no tracking link', async () => {
    const id = await shippedWith('Other')
    const detail = (await (
      await app.request(`http://store.test/api/admin/orders/${id}`, { headers: { cookie, 'x-forwarded-for': address } })
    ).json()) as { order: { trackingUrl: string | null } }
    expect(detail.order.trackingUrl).toBeNull()
    const html = await page(id)
    expect(html).not.toContain('Send the tracking link on WhatsApp')
    expect(html).not.toMatch(/<a href="https:\/\/wa\.me\//)
    await s.store.services.orders.advance(id, 'Out for delivery')
    expect(await page(id)).not.toContain('Send the tracking link on WhatsApp')
  })

  it('keeps the confirmation chat while the order awaits it', async () => {
    const { client } = await s.customer()
    const order = await s.place(client, [{ _id: 'oxford-shirt', size: 'L', quantity: 1 }], NOW)
    expect(await page(order._id)).toMatch(/<a href="https:\/\/wa\.me\/[^"]+"[^>]*>.*Confirm on WhatsApp/)
  })
})
