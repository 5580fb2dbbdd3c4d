import { describe, expect, it } from 'vitest'
import { connect } from '#server/db/database.ts'
import { createLogger, type Logger } from '#server/http/logger.ts'
import { createServices, type Services } from '#server/services.ts'
import { claimDue } from '#server/mail/repository.ts'
import { logTransport } from '#server/mail/transport.ts'
import { createMailWorker } from '#server/mail/worker.ts'
import { orderNumber, type Order } from '#contracts/orders.ts'
import { createTestStore, databases, signedInClient, useMailStore, type TestClient } from '#tests/api/harness.ts'
import { makeProduct, testAddress } from '#tests/support/factories.ts'

// docs/spec/rulings.md #26 and docs/decisions/011: the outbox (written with its cause,
// sent once by racing workers, retried with backoff, never lost by a process that
// dies), and what each order email says, with its one-tap links; on each database,
// through a real SMTP server on loopback.

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

let addresses = 0
const nextAddress = () => `10.26.0.${++addresses}`

describe.each(databases)('the mail outbox and order emails (%s)', (kind) => {
  let time = Date.now()
  const now = () => time
  // Each test reads only what it caused.
  const s = useMailStore(kind, {
    catalog,
    now,
    env: { PUBLIC_URL, STORE_NAME: 'Kapra Test', MAIL_FROM: 'Kapra Test <orders@kapra.test>' },
    clearOutbox: true,
  })

  const db = () => s.store.connection.db
  const mail = () => s.store.services.mail

  async function placeOrder(
    client: TestClient,
    address: Record<string, unknown> = testAddress,
    language?: string,
  ): Promise<Order> {
    for (const l of lines) {
      const res = await client.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
      expect(res.status).toBe(200)
    }
    const res = await client.post('/api/order/placeorder', { address, items: lines, amount, language })
    expect(res.status).toBe(201)
    return ((await res.json()) as { order: Order }).order
  }

  /** A signed-in shopper; their welcome email is another test's business. */
  async function shopper() {
    const signedIn = await signedInClient(s.store, nextAddress())
    await db().deleteFrom('mail_outbox').where('kind', '=', 'welcome').execute()
    return signedIn
  }

  const outbox = (kindOf?: string) => {
    let q = db().selectFrom('mail_outbox').selectAll().orderBy('created_at')
    if (kindOf) q = q.where('kind', '=', kindOf)
    return q.execute()
  }

  /** The links of a message's plain text, by their label. */
  function link(text: string, label: string): string {
    const found = new RegExp(`${label}: (\\S+)`).exec(text)
    if (!found) throw new Error(`no "${label}" link in:\n${text}`)
    return found[1]!
  }
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

  async function orderEmail(address: Record<string, unknown> = testAddress) {
    const { client } = await shopper()
    const order = await placeOrder(client, address)
    const [message] = (await s.deliver()).filter((m) => m.subject?.includes(orderNumber(order._id)))
    if (!message) throw new Error('the order email did not arrive')
    return { client, order, message, text: message.text ?? '' }
  }

  describe('the outbox', () => {
    it('writes the order email in the order’s transaction: nothing when the order fails', async () => {
      const { client } = await shopper()
      await s.store.connection.db
        .updateTable('product_sizes')
        .set({ stock: 0 })
        .where('product_id', '=', 'kids-hoodie')
        .execute()
      try {
        for (const l of lines)
          await client.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
        const refused = await client.post('/api/order/placeorder', { address: testAddress, items: lines, amount })
        expect(refused.status).toBe(409)
        expect(await outbox('order-placed')).toEqual([])
      } finally {
        await s.store.connection.db
          .updateTable('product_sizes')
          .set({ stock: 500 })
          .where('product_id', '=', 'kids-hoodie')
          .execute()
      }
      const order = await placeOrder(client)
      const written = await outbox('order-placed')
      expect(written).toHaveLength(1)
      expect(written[0]).toMatchObject({ status: 'pending', attempts: 0, to_address: testAddress.email })
      expect(written[0]!.subject).toContain(orderNumber(order._id))
    })

    it('answers the shopper at once when the mail server is down, and keeps the message', async () => {
      const down = await createTestStore(kind, { catalog, env: { SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL } })
      try {
        const { client } = await signedInClient(down, nextAddress())
        for (const l of lines)
          await client.post('/api/cart/update', { itemId: l._id, size: l.size, quantity: l.quantity })
        const res = await client.post('/api/order/placeorder', { address: testAddress, items: lines, amount })
        expect(res.status).toBe(201)
        const worker = down.services.mail.createWorker()
        expect(await worker.runOnce()).toBe(0)
        await worker.stop()
        const row = await down.connection.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('kind', '=', 'order-placed')
          .executeTakeFirstOrThrow()
        expect(row).toMatchObject({ status: 'pending', attempts: 1 })
        expect(row.last_error).toBeTruthy()
      } finally {
        await down.close()
      }
    })

    it('sends every message exactly once while two workers race (two processes on PostgreSQL)', async () => {
      await db()
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < 30; i++)
            await mail().enqueue(trx, 'welcome', `race-${i}@example.com`, {
              subject: `Race ${i}`,
              text: `Race ${i}`,
              html: `<p>Race ${i}</p>`,
            })
        })
      // A second process: its own connection pool and services, on the same database.
      let second: Services = s.store.services
      let closeSecond = async () => {}
      if (kind === 'postgres') {
        const connection = connect({
          databaseUrl: process.env.TEST_DATABASE_URL!,
          dataDir: '.',
          pgSchema: s.store.connection.schema!,
        })
        second = createServices({
          db: connection.db,
          dialect: connection.dialect,
          config: s.store.services.config,
          logger: createLogger('silent'),
          now,
        })
        closeSecond = () => connection.close()
      }
      const a = mail().createWorker({ batchSize: 4 })
      const b = second.mail.createWorker({ batchSize: 4 })
      try {
        let sent = 0
        for (let pass = 0; pass < 20; pass++) {
          const [x, y] = await Promise.all([a.runOnce(), b.runOnce()])
          sent += x + y
          if (x + y === 0) break
        }
        expect(sent).toBe(30)
      } finally {
        await Promise.all([a.stop(), b.stop()])
        await closeSecond()
      }
      const subjects = s.smtp.received.map((m) => m.subject).sort()
      expect(subjects).toHaveLength(30)
      expect(new Set(subjects).size).toBe(30)
      const rows = await outbox('welcome')
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.delivered_by === 'smtp')).toBe(true)
    })

    it('retries after the SMTP server refuses (4xx, then 5xx), waiting longer each time, then sends', async () => {
      await db()
        .transaction()
        .execute((trx) =>
          mail().enqueue(trx, 'welcome', 'retry@example.com', {
            subject: 'Retry',
            text: 'Retry',
            html: '<p>Retry</p>',
          }),
        )
      s.smtp.refuseNext(1, 451)
      const worker = mail().createWorker({ backoffMs: 10_000 })
      try {
        expect(await worker.runOnce()).toBe(0)
        let [row] = await outbox()
        expect(row).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: time + 10_000 })
        expect(row!.last_error).toMatch(/^451/)

        // Not due yet: nothing is claimed.
        expect(await worker.runOnce()).toBe(0)
        expect((await outbox())[0]!.attempts).toBe(1)

        time += 10_000
        s.smtp.refuseNext(1, 554)
        expect(await worker.runOnce()).toBe(0)
        ;[row] = await outbox()
        expect(row).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: time + 20_000 })
        expect(row!.last_error).toMatch(/^554/)

        time += 20_000
        expect(await worker.runOnce()).toBe(1)
        ;[row] = await outbox()
        expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null, sent_at: time })
        expect(s.smtp.received.map((m) => m.subject)).toEqual(['Retry'])
      } finally {
        await worker.stop()
      }
    })

    it('gives up after the last attempt and marks the message failed', async () => {
      await db()
        .transaction()
        .execute((trx) =>
          mail().enqueue(trx, 'welcome', 'never@example.com', {
            subject: 'Never',
            text: 'Never',
            html: '<p>Never</p>',
          }),
        )
      s.smtp.refuseNext(5, 550)
      const worker = mail().createWorker({ backoffMs: 1000, maxAttempts: 2 })
      try {
        expect(await worker.runOnce()).toBe(0)
        time += 1000
        expect(await worker.runOnce()).toBe(0)
        time += 60 * 60_000
        expect(await worker.runOnce()).toBe(0)
      } finally {
        await worker.stop()
        s.smtp.refuseNext(0, 550)
      }
      expect((await outbox())[0]).toMatchObject({ status: 'failed', attempts: 2 })
      expect(s.smtp.received).toEqual([])
    })

    it('loses nothing when a process dies between the commit and the send', async () => {
      const { client } = await shopper()
      const order = await placeOrder(client)
      // The process that placed the order died before its worker ran: the next process's worker sends it.
      const [committed] = await outbox('order-placed')
      expect(committed).toMatchObject({ status: 'pending', lease_owner: null })

      // Another died holding a claim: the message waits for the lease to run out, then goes once.
      await db()
        .transaction()
        .execute((trx) =>
          mail().enqueue(trx, 'welcome', 'claimed@example.com', {
            subject: 'Claimed',
            text: 'Claimed',
            html: '<p>Claimed</p>',
          }),
        )
      const claimed = await claimDue(db(), {
        now: time,
        leaseUntil: time + 120_000,
        owner: 'a-process-that-died',
        limit: 100,
        skipLocked: kind === 'postgres',
      })
      expect(claimed.map((m) => m.subject).sort()).toEqual([
        'Claimed',
        `Please confirm your order ${orderNumber(order._id)}`,
      ])

      const next = mail().createWorker()
      try {
        expect(await next.runOnce()).toBe(0)
        time += 120_000
        expect(await next.runOnce()).toBe(2)
        expect(await next.runOnce()).toBe(0)
      } finally {
        await next.stop()
      }
      expect(s.smtp.received.map((m) => m.subject).sort()).toEqual([
        'Claimed',
        `Please confirm your order ${orderNumber(order._id)}`,
      ])
      expect((await outbox()).every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true)
    })

    it('logs each message as one JSON line (recipient and subject) in production without SMTP_URL, and counts it sent', async () => {
      const production = await createTestStore(kind, { catalog, env: { NODE_ENV: 'production' } })
      const lines: Record<string, unknown>[] = []
      const logger: Logger = { ...createLogger('silent'), info: (msg, fields) => lines.push({ msg, ...fields }) }
      try {
        await production.connection.db.transaction().execute((trx) =>
          production.services.mail.enqueue(trx, 'welcome', 'log@example.com', {
            subject: 'Logged',
            text: 'Hello there',
            html: '<p>Hello there</p>',
          }),
        )
        const worker = createMailWorker(
          production.connection.db,
          production.connection.dialect,
          logTransport(logger),
          logger,
        )
        expect(await worker.runOnce()).toBe(1)
        await worker.stop()
        const row = await production.connection.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()
        expect(lines).toEqual([
          { msg: 'mail not sent: no SMTP_URL', mailId: row.id, to: 'log@example.com', subject: 'Logged' },
        ])
        expect(row).toMatchObject({ status: 'sent', delivered_by: 'log', text_body: '', html_body: '' })
        // There is no development mailbox in production.
        expect((await production.fetch('/dev/mail')).status).toBe(404)
      } finally {
        await production.close()
      }
    })

    it('shows the messages at /dev/mail in development, kept and never sent', async () => {
      const development = await createTestStore(kind, { catalog, env: { NODE_ENV: 'development', PUBLIC_URL } })
      try {
        const { account } = await signedInClient(development, nextAddress())
        const worker = development.services.mail.createWorker()
        expect(await worker.runOnce()).toBe(1)
        await worker.stop()
        const row = await development.connection.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()
        expect(row).toMatchObject({ status: 'sent', delivered_by: 'kept', to_address: account.email })
        const list = await development.fetch('/dev/mail')
        expect(list.status).toBe(200)
        const page = await list.text()
        expect(page).toContain(account.email)
        expect(page).toContain('Welcome to Kapra')
        const html = await development.fetch(`/dev/mail/${row.id}`)
        expect(await html.text()).toContain('Verify my email')
        const text = await development.fetch(`/dev/mail/${row.id}/text`)
        expect(await text.text()).toContain(`${PUBLIC_URL}/verify-email?token=`)
        expect((await development.fetch('/dev/mail/unknown')).status).toBe(404)
      } finally {
        await development.close()
      }
    })
  })

  describe('the order email', () => {
    it('names the order, its items, sizes, quantities, the total with delivery and the address, in text and HTML', async () => {
      const { order, message, text } = await orderEmail()
      const number = orderNumber(order._id)
      expect(message.subject).toBe(`Please confirm your order ${number}`)
      expect(message.from?.text).toContain('Kapra Test')
      expect(message.to && !Array.isArray(message.to) ? message.to.text : '').toBe(testAddress.email)
      for (const expected of [
        number,
        `Order number: ${number}`,
        `Placed on: ${new Intl.DateTimeFormat('en-PK', { dateStyle: 'long', timeZone: 'Asia/Karachi' }).format(order.date)}`,
        '- Men Oxford Shirt, Size M · Quantity 2: Rs 4,998',
        '- Kids Hoodie, Size 6-7Y · Quantity 1: Rs 1,799',
        'Subtotal: Rs 6,797',
        'Delivery: Rs 50',
        `Total, cash on delivery: Rs ${amount.toLocaleString('en-US')}`,
        testAddress.street,
        `${testAddress.city}, ${testAddress.state} ${testAddress.pinCode}`,
        testAddress.phone,
        'KAPRA TEST',
      ])
        expect(text).toContain(expected)
      expect(link(text, 'Confirm my order')).toMatch(new RegExp(`^${PUBLIC_URL}/order-link\\?token=`))
      expect(link(text, 'Cancel this order')).toMatch(new RegExp(`^${PUBLIC_URL}/order-link\\?token=`))

      const html = message.html || ''
      expect(html).toContain('<table')
      expect(html).toContain('Men Oxford Shirt')
      expect(html).toContain('<html dir="ltr" lang="en">')
      expect(html).toContain('Size M · Quantity 2')
      expect(html).toContain('Rs 6,847')
      expect(html).toContain(`href="${link(text, 'Confirm my order').replace(/&/g, '&amp;')}"`)
      // Nothing a mail client would fetch or run.
      expect(html).not.toMatch(/<script|<img|<link|url\(|src=/i)
    })

    it('escapes what the shopper typed', async () => {
      const { message, text } = await orderEmail({
        ...testAddress,
        firstName: '<b>Ayesha</b>',
        street: '12 "Zamzama" & Co',
      })
      expect(message.html).toContain('Hi <span dir="auto">&lt;b&gt;Ayesha&lt;/b&gt;</span>, we have your order')
      expect(message.html).toContain('<span dir="auto">12 &quot;Zamzama&quot; &amp; Co</span>')
      expect(message.html).not.toContain('<b>Ayesha')
      expect(text).toContain('Hi <b>Ayesha</b>')
    })

    it('confirms with one tap: reading the link changes nothing, using it confirms once', async () => {
      const { order, text } = await orderEmail()
      const token = tokenOf(link(text, 'Confirm my order'))
      const guest = s.store.client(nextAddress())

      const read = await guest.get(`/api/order/link?token=${encodeURIComponent(token)}`)
      expect(await read.json()).toMatchObject({
        state: 'ready',
        action: 'confirm',
        order: { _id: order._id, status: 'Order Placed' },
      })
      expect((await s.store.services.orders.forStore(order._id))!.order.status).toBe('Order Placed')

      const used = await guest.post('/api/order/link', { token })
      expect(used.status).toBe(200)
      const confirmed = ((await used.json()) as { order: Order }).order
      expect(confirmed.status).toBe('Confirmed')
      expect(confirmed.events.at(-1)).toMatchObject({ from: 'Order Placed', to: 'Confirmed', by: 'shopper' })

      const again = await guest.post('/api/order/link', { token })
      expect(again.status).toBe(409)
      expect(await again.json()).toEqual({ message: 'This link was already used.' })
      expect(await (await guest.get(`/api/order/link?token=${encodeURIComponent(token)}`)).json()).toMatchObject({
        state: 'used',
      })
      expect((await s.store.services.orders.forStore(order._id))!.order.events).toHaveLength(2)
    })

    it('cancels with its link while cancelling is allowed, and not once packing starts', async () => {
      const first = await orderEmail()
      const cancel = tokenOf(link(first.text, 'Cancel this order'))
      await s.store.services.orders.advance(first.order._id, 'Confirmed')
      const res = await s.store.client(nextAddress()).post('/api/order/link', { token: cancel })
      expect(res.status).toBe(200)
      expect(((await res.json()) as { order: Order }).order.status).toBe('Cancelled')

      const second = await orderEmail()
      const late = tokenOf(link(second.text, 'Cancel this order'))
      await s.store.services.orders.advance(second.order._id, 'Confirmed')
      await s.store.services.orders.advance(second.order._id, 'Packing')
      const guest = s.store.client(nextAddress())
      expect(await (await guest.get(`/api/order/link?token=${encodeURIComponent(late)}`)).json()).toMatchObject({
        state: 'too-late',
      })
      expect((await guest.post('/api/order/link', { token: late })).status).toBe(409)
      expect((await s.store.services.orders.forStore(second.order._id))!.order.status).toBe('Packing')
    })

    it('refuses an expired confirm link and changes nothing', async () => {
      const { order, text } = await orderEmail()
      const token = tokenOf(link(text, 'Confirm my order'))
      time += 3 * 24 * 60 * 60_000
      try {
        const guest = s.store.client(nextAddress())
        expect(await (await guest.get(`/api/order/link?token=${encodeURIComponent(token)}`)).json()).toEqual({
          state: 'expired',
        })
        const res = await guest.post('/api/order/link', { token })
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toMatch(/expired/)
        expect((await s.store.services.orders.forStore(order._id))!.order.status).toBe('Order Placed')
      } finally {
        time -= 3 * 24 * 60 * 60_000
      }
    })

    it('refuses a link that was tampered with: signature, purpose, or none at all', async () => {
      const { order, text } = await orderEmail()
      const confirm = tokenOf(link(text, 'Confirm my order'))
      // <key id>.<claims>.<signature> (docs/decisions/018)
      const [id, body, signature] = confirm.split('.') as [string, string, string]
      const flipped = `${id}.${body}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
      // The cancel purpose under the confirm link's signature.
      const parts = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown[]
      parts[0] = 'order-cancel'
      const repurposed = `${id}.${Buffer.from(JSON.stringify(parts)).toString('base64url')}.${signature}`
      // A later expiry under the old signature.
      const extended = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown[]
      extended[2] = Number(extended[2]) + 365 * 24 * 60 * 60_000
      const prolonged = `${id}.${Buffer.from(JSON.stringify(extended)).toString('base64url')}.${signature}`
      const guest = s.store.client(nextAddress())
      for (const token of [flipped, repurposed, prolonged, 'nonsense', `${confirm}.x`]) {
        const res = await guest.post('/api/order/link', { token })
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toMatch(/not valid/)
        expect(await (await guest.get(`/api/order/link?token=${encodeURIComponent(token)}`)).json()).toEqual({
          state: 'invalid',
        })
      }
      expect((await guest.post('/api/order/link', {})).status).toBe(400)
      expect((await s.store.services.orders.forStore(order._id))!.order.status).toBe('Order Placed')
    })
  })

  describe('status emails', () => {
    it('tells the shopper of Confirmed, Shipped (courier and tracking), Delivered and Cancelled, and of nothing else', async () => {
      const { client } = await shopper()
      const order = await placeOrder(client)
      const orders = s.store.services.orders
      // Each move a second apart, so the outbox's order is the moves' order.
      const tick = () => (time += 1000)
      tick()
      await orders.confirm((await orders.forStore(order._id))!.userId!, order._id)
      for (const to of ['Packing', 'Shipped', 'Out for delivery', 'Delivered'] as const) {
        tick()
        await orders.advance(order._id, to, to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'TCS-7781234' } : {})
      }
      tick()
      const other = await placeOrder(client)
      tick()
      await orders.cancel((await orders.forStore(other._id))!.userId!, other._id)

      expect((await outbox()).map((r) => r.kind)).toEqual([
        'order-placed',
        'order-confirmed',
        'order-shipped',
        'order-delivered',
        'order-placed',
        'order-cancelled',
      ])
      const received = await s.deliver()
      const bySubject = (s: string) => received.find((m) => m.subject === s)!
      const n = orderNumber(order._id)
      expect(bySubject(`Your order ${n} is confirmed`).text).toContain('Men Oxford Shirt, Size M · Quantity 2')
      const shipped = bySubject(`Your order ${n} has shipped`)
      expect(shipped.text).toContain('Courier: TCS')
      expect(shipped.text).toContain('Tracking number: TCS-7781234')
      expect(shipped.html).toContain('TCS-7781234')
      expect(bySubject(`Your order ${n} was delivered`).text).toContain(`${PUBLIC_URL}/order/${order._id}`)
      expect(bySubject(`Your order ${orderNumber(other._id)} is cancelled`).text).toContain('is cancelled')
      expect(received).toHaveLength(6)
    })

    it('writes no status email when the move is refused', async () => {
      const { client } = await shopper()
      const order = await placeOrder(client)
      await expect(s.store.services.orders.advance(order._id, 'Shipped', {})).rejects.toThrow()
      expect((await outbox()).map((r) => r.kind)).toEqual(['order-placed'])
    })
  })
})
