import { expect } from 'vitest'
import { orderStatuses, type OrderStatus } from '#contracts/order-status.ts'
import type { Order } from '#contracts/orders.ts'
import {
  createTestStore,
  defaultCatalog,
  signedInAdmin,
  type DatabaseKind,
  type TestClient,
} from '#tests/api/harness.ts'
export { ADMIN_PASSWORD } from '#tests/api/harness.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'

// What the admin-*.test.ts files of the console share: a store with its own clock, its
// customers, admins and orders made over HTTP, and how the console's answers are read.

export const FEE = 50
export const NOT_SIGNED_IN = { message: 'Please log in to continue' }
export const NOT_ADMIN = { message: "This is for the store's admins only" }

export interface Line {
  _id: string
  size: string
  quantity: number
}

/** An instant given as Karachi wall-clock time. */
export const pkt = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:00`)
export const DAY = 24 * 60 * 60 * 1000

export const zeroCounts = () => Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<OrderStatus, number>
export const countsOf = (some: Partial<Record<OrderStatus, number>>) => ({ ...zeroCounts(), ...some })

let addresses = 0
/** A client address of its own for every account, so no sign-in or registration limit is met. */
export const nextAddress = () => {
  addresses++
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`
}

/** A store with its own clock (sessions, admins' too, last a year, so the clock may travel). */
export async function storeWithClock(kind: DatabaseKind, start: number, catalog = defaultCatalog) {
  const clock = { t: start }
  const store = await createTestStore(kind, {
    catalog,
    env: { SESSION_DAYS: '365', ADMIN_IDLE_MINUTES: String(365 * 24 * 60) },
    now: () => clock.t,
  })
  const priceOf = (id: string) => catalog.find((p) => p.id === id)!.price

  async function customer(name = 'A Customer'): Promise<{ client: TestClient; id: string; email: string }> {
    const client = store.client(nextAddress())
    const account = newAccount({ name })
    const reg = await client.post('/api/auth/registration', account)
    if (reg.status !== 201) throw new Error(`registration: ${reg.status} ${await reg.text()}`)
    const login = await client.post('/api/auth/login', { email: account.email, password: account.password })
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`)
    return { client, id: ((await login.json()) as { user: { _id: string } }).user._id, email: account.email }
  }

  /** An admin made as the CLI makes one (the auth service), signed in. */
  async function admin(name = 'Store Admin') {
    const { client, user } = await signedInAdmin(store, nextAddress(), name)
    return { client, user }
  }

  /** Places an order of these lines at `at`, over HTTP, as the shopper would. */
  async function place(who: TestClient, lines: Line[], at: number, address: object = testAddress): Promise<Order> {
    clock.t = at
    for (const l of lines) {
      const res = await who.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
      if (res.status !== 200) throw new Error(`cart: ${res.status} ${await res.text()}`)
    }
    const amount = lines.reduce((sum, l) => sum + priceOf(l._id) * l.quantity, 0) + FEE
    const res = await who.post('/api/order/placeorder', { address, items: lines, amount })
    if (res.status !== 201) throw new Error(`placeorder: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { order: Order }).order
  }

  /** Moves an order by the store's service (setting up, not under test), at `at`. */
  async function moveTo(orderId: string, path: OrderStatus[], at: number): Promise<void> {
    clock.t = at
    for (const to of path)
      await store.services.orders.advance(
        orderId,
        to,
        to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T-1' } : {},
      )
  }

  return { store, clock, customer, admin, place, moveTo, priceOf }
}

export const shipped: OrderStatus[] = ['Confirmed', 'Packing', 'Shipped']

export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}
