import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminCustomerPage } from '#contracts/admin.ts'
import { databases, type TestClient } from '#tests/api/harness.ts'
import { testAddress } from '#tests/support/factories.ts'
import { type Line, pkt, storeWithClock, shipped, json } from '#tests/api/admin-console.ts'

// The store owner's console API (docs/spec/rulings.md #25): the customer list, on each
// database.

describe.each(databases)('the console: customers (%s)', (kind) => {
  let s: Awaited<ReturnType<typeof storeWithClock>>
  let admin: TestClient
  const people: Record<string, { id: string; email: string; client: TestClient }> = {}

  const customers = async (search = '') => json<AdminCustomerPage>(await admin.get(`/api/admin/customers${search}`))

  beforeAll(async () => {
    s = await storeWithClock(kind, pkt('2026-11-01', '09:00'))
    const made = await s.admin('Owner Admin')
    admin = made.client
    for (const name of ['Zara Sheikh', 'Amna Tariq', 'Bushra Noor', 'Yasir Ali']) people[name] = await s.customer(name)
    const zara = people['Zara Sheikh']!.client
    const line: Line[] = [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }]
    const d = await s.place(zara, line, pkt('2026-11-02', '10:00'), { ...testAddress, phone: '0345-0000001' })
    await s.moveTo(d._id, [...shipped, 'Delivered'], pkt('2026-11-05', '10:00'))
    const r = await s.place(zara, line, pkt('2026-11-03', '10:00'), { ...testAddress, phone: '0345-0000001' })
    await s.moveTo(r._id, [...shipped, 'Returned'], pkt('2026-11-06', '10:00'))
    await s.place(zara, line, pkt('2026-11-04', '10:00'), { ...testAddress, phone: '+92 345 0000002' })
    await s.place(people['Bushra Noor']!.client, line, pkt('2026-11-07', '10:00'), {
      ...testAddress,
      phone: '03001112223',
    })
    // An admin who shops is not a customer of the list.
    await s.place(made.client, line, pkt('2026-11-08', '10:00'))
    s.clock.t = pkt('2026-11-10', '10:00')
  })
  afterAll(() => s.store.close())

  it('lists customers, latest order first then by name, with what became of their orders', async () => {
    const page = await customers()
    expect(page).toStrictEqual({
      items: [
        {
          id: people['Bushra Noor']!.id,
          name: 'Bushra Noor',
          email: people['Bushra Noor']!.email,
          lastPhone: '03001112223',
          orders: 1,
          delivered: 0,
          returned: 0,
        },
        {
          id: people['Zara Sheikh']!.id,
          name: 'Zara Sheikh',
          email: people['Zara Sheikh']!.email,
          lastPhone: '+923450000002',
          orders: 3,
          delivered: 1,
          returned: 1,
        },
        {
          id: people['Amna Tariq']!.id,
          name: 'Amna Tariq',
          email: people['Amna Tariq']!.email,
          lastPhone: null,
          orders: 0,
          delivered: 0,
          returned: 0,
        },
        {
          id: people['Yasir Ali']!.id,
          name: 'Yasir Ali',
          email: people['Yasir Ali']!.email,
          lastPhone: null,
          orders: 0,
          delivered: 0,
          returned: 0,
        },
      ],
      total: 4,
      page: 1,
      pageSize: 20,
    })
  })

  it('searches names and emails, in any case', async () => {
    expect((await customers('?q=zara')).items.map((c) => c.name)).toEqual(['Zara Sheikh'])
    expect((await customers('?q=NOOR')).items.map((c) => c.name)).toEqual(['Bushra Noor'])
    const byEmail = await customers(`?q=${encodeURIComponent(people['Yasir Ali']!.email.toUpperCase())}`)
    expect(byEmail).toMatchObject({ total: 1, items: [{ name: 'Yasir Ali' }] })
    // The admin is not a customer, by any name.
    expect(await customers('?q=Owner%20Admin')).toMatchObject({ items: [], total: 0 })
    expect(await customers('?q=%25')).toMatchObject({ items: [], total: 0 })
  })

  it('answers 20 a page', async () => {
    for (let k = 1; k <= 21; k++) await s.customer(`Paged ${String(k).padStart(2, '0')}`)
    const first = await customers('?q=paged')
    expect(first.total).toBe(21)
    expect(first.items.map((c) => c.name)).toEqual(
      Array.from({ length: 20 }, (_, k) => `Paged ${String(k + 1).padStart(2, '0')}`),
    )
    const second = await customers('?q=paged&page=2')
    expect(second).toMatchObject({ total: 21, page: 2, items: [{ name: 'Paged 21' }] })
    expect((await customers()).total).toBe(25)
    expect((await customers('?page=2')).items).toHaveLength(5)
  })

  it.each([
    ['page=0', 'page must be a whole number from 1'],
    ['page=x', 'page must be a whole number from 1'],
    [`q=${'y'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('answers 400 naming the parameter for ?%s', async (search, message) => {
    const res = await admin.get(`/api/admin/customers?${search}`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(message)
  })
})
