import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as mailPrivacy from '#server/db/migrations/2026-11-25T0300-mail-privacy.ts'
import type { Logger } from '#server/http/logger.ts'
import type { MailTransport } from '#server/mail/transport.ts'
import {
  createTestStore,
  databases,
  freshDatabase,
  signedInClient,
  useMailStore,
  type TestStore,
  migrate,
} from '#tests/api/harness.ts'
import { newAccount, testAddress } from '#tests/support/factories.ts'
import { DELIVERY_FEE } from '#contracts/pricing.ts'
import { deliverAll, recipientOf } from '#tests/support/smtp-server.ts'

// docs/spec/rulings.md #26 and docs/decisions/018: no reset or verification link in the
// log of a store without a mail server, none left in the outbox once a message is sent,
// failed messages gone after a week, and an account's messages gone with the account;
// on each database.

const PUBLIC_URL = 'https://shop.example'
const DAY = 24 * 60 * 60_000

let addresses = 0
const nextAddress = () => `10.29.0.${++addresses}`

/** A logger that keeps every line, of every level, as the JSON it would write. */
function capturingLogger() {
  const lines: string[] = []
  const keep = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    lines.push(JSON.stringify({ level, msg, ...fields }))
  const logger: Logger = { debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') }
  return { logger, lines }
}

/** The token of the link labelled `label` in a message's plain text. */
function tokenIn(text: string, label: string): string {
  const url = new RegExp(`${label}: (\\S+)`).exec(text)?.[1]
  if (!url) throw new Error(`no "${label}" link in:\n${text}`)
  return new URL(url).searchParams.get('token')!
}

describe.each(databases)('links in logs and in the outbox (%s)', (kind) => {
  it('a production store without SMTP_URL logs each email by recipient and subject, never a link or token', async () => {
    const { logger, lines } = capturingLogger()
    const store = await createTestStore(kind, { env: { NODE_ENV: 'production', PUBLIC_URL }, logger })
    try {
      const { account } = await signedInClient(store, nextAddress())
      const forgot = await store.client(nextAddress()).post('/api/auth/forgot-password', { email: account.email })
      expect(forgot.status).toBe(200)
      const db = store.connection.db
      const written = await db.selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('kind').execute()
      expect(written.map((m) => m.kind).sort()).toEqual(['password-reset', 'welcome'])
      const reset = written.find((m) => m.kind === 'password-reset')!
      const welcome = written.find((m) => m.kind === 'welcome')!
      const secrets = [
        tokenIn(reset.text_body, 'Choose a new password'),
        tokenIn(welcome.text_body, 'Verify my email'),
        '/reset-password',
        '/verify-email',
        'token=',
      ]

      // The store's own worker, with the transport production picks without SMTP_URL.
      const worker = store.services.mail.createWorker()
      expect(await worker.runOnce()).toBe(2)
      await worker.stop()

      const mailLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => 'mailId' in l)
      expect(mailLines).toEqual(
        expect.arrayContaining([
          {
            level: 'info',
            msg: 'mail not sent: no SMTP_URL',
            mailId: reset.id,
            to: account.email,
            subject: reset.subject,
          },
          {
            level: 'info',
            msg: 'mail not sent: no SMTP_URL',
            mailId: welcome.id,
            to: account.email,
            subject: welcome.subject,
          },
        ]),
      )
      expect(mailLines).toHaveLength(2)
      expect(lines.length).toBeGreaterThan(2) // the requests were logged too
      for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret)

      // What was logged is not kept either.
      for (const row of await db.selectFrom('mail_outbox').selectAll().execute())
        expect(row).toMatchObject({ status: 'sent', delivered_by: 'log', text_body: '', html_body: '', headers: null })
    } finally {
      await store.close()
    }
  })

  it("keeps a Delivered email's review links out of the log, and out of the outbox once sent", async () => {
    const { logger, lines } = capturingLogger()
    const store = await createTestStore(kind, { env: { NODE_ENV: 'production', PUBLIC_URL }, logger })
    try {
      const { client } = await signedInClient(store, nextAddress())
      expect((await client.post('/api/cart/update', { itemId: 'oxford-shirt', size: 'M', quantity: 1 })).status).toBe(
        200,
      )
      const placed = await client.post('/api/order/placeorder', {
        address: testAddress,
        items: [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }],
        amount: 2499 + DELIVERY_FEE,
      })
      const { order } = (await placed.json()) as { order: { _id: string } }
      for (const to of ['Confirmed', 'Packing', 'Shipped', 'Delivered'] as const)
        await store.services.orders.advance(
          order._id,
          to,
          to === 'Shipped' ? { courier: 'TCS', trackingNumber: 'T' } : {},
        )
      const db = store.connection.db
      const delivered = await db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('kind', '=', 'order-delivered')
        .executeTakeFirstOrThrow()
      const link = /(https:\/\/shop\.example\/review\?token=\S+)/.exec(delivered.text_body)?.[1]
      expect(link).toBeDefined()
      const token = new URL(link!).searchParams.get('token')!
      // Opening the link is logged by its path alone.
      expect(
        (await store.client(nextAddress()).get(`/api/reviews/link?token=${encodeURIComponent(token)}`)).status,
      ).toBe(200)
      const worker = store.services.mail.createWorker()
      expect(await worker.runOnce()).toBeGreaterThan(0)
      await worker.stop()
      expect(lines.some((l) => l.includes('/api/reviews/link'))).toBe(true)
      for (const line of lines)
        for (const secret of [token, encodeURIComponent(token), 'token=']) expect(line).not.toContain(secret)
      for (const row of await db.selectFrom('mail_outbox').selectAll().execute())
        expect(row).toMatchObject({ status: 'sent', text_body: '', html_body: '' })
    } finally {
      await store.close()
    }
  })

  describe('the outbox', () => {
    let time = Date.now()
    const now = () => time
    const s = useMailStore(kind, { now, env: { PUBLIC_URL }, clearOutbox: true })

    const db = () => s.store.connection.db
    const outbox = () => db().selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('id').execute()

    it('clears a message’s text, HTML and headers when it is sent, and keeps whom, what about and when', async () => {
      const { account } = await signedInClient(s.store, nextAddress())
      const reader = `reader-${Date.now()}@example.com`
      expect(
        (await s.store.client(nextAddress()).post('/api/auth/forgot-password', { email: account.email })).status,
      ).toBe(200)
      expect((await s.store.client(nextAddress()).post('/api/newsletter/subscribe', { email: reader })).status).toBe(
        200,
      )
      const before = await outbox()
      expect(before.map((m) => m.kind).sort()).toEqual(['newsletter-confirm', 'password-reset', 'welcome'])
      expect(before.find((m) => m.kind === 'newsletter-confirm')!.headers).toContain('List-Unsubscribe')

      const sentAt = (time += 1000)
      const received = await s.deliver()
      // The messages left whole: the links reached their readers.
      const resetMail = received.find((m) => m.subject?.startsWith('Reset your'))!
      const resetToken = tokenIn(resetMail.text ?? '', 'Choose a new password')
      expect(recipientOf(resetMail)).toBe(account.email)
      const readerMail = received.find((m) => recipientOf(m) === reader)!
      expect(readerMail.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true)

      const after = await outbox()
      expect(after).toHaveLength(3)
      for (const row of after) {
        const was = before.find((m) => m.id === row.id)!
        expect(row).toMatchObject({
          status: 'sent',
          delivered_by: 'smtp',
          text_body: '',
          html_body: '',
          headers: null,
          kind: was.kind,
          to_address: was.to_address,
          subject: was.subject,
          created_at: was.created_at,
          sent_at: sentAt,
        })
      }
      expect(JSON.stringify(after)).not.toContain(resetToken)
      expect(JSON.stringify(after)).not.toContain('token=')
    })

    it('development with SMTP_URL: /dev/mail still lists a sent message and says its body is not kept', async () => {
      const development = await createTestStore(kind, {
        env: { NODE_ENV: 'development', SMTP_URL: s.smtp.url, PUBLIC_URL },
      })
      try {
        const { account } = await signedInClient(development, nextAddress())
        await deliverAll(development.services.mail, s.smtp)
        const row = await development.connection.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()
        expect(row).toMatchObject({ status: 'sent', delivered_by: 'smtp', text_body: '', html_body: '' })
        expect(await (await development.fetch('/dev/mail')).text()).toContain(account.email)
        const html = await development.fetch(`/dev/mail/${row.id}`)
        expect(html.status).toBe(200)
        expect(await html.text()).toContain('the store keeps no copy of what it said')
        const text = await (await development.fetch(`/dev/mail/${row.id}/text`)).text()
        expect(text).toContain(`To: ${account.email}`)
        expect(text).toContain('the store keeps no copy of what it said')
      } finally {
        await development.close()
      }
    })

    it('keeps a message that is not sent yet whole, to send it', async () => {
      await signedInClient(s.store, nextAddress())
      s.smtp.refuseNext(1, 451)
      const worker = s.store.services.mail.createWorker()
      expect(await worker.runOnce()).toBe(0)
      await worker.stop()
      const [row] = await outbox()
      expect(row).toMatchObject({ status: 'pending', attempts: 1 })
      expect(row!.text_body).toContain('/verify-email?token=')
    })

    it('removes failed messages a week after they were written, and sent ones a week after sending; keeps the rest', async () => {
      const failing: MailTransport = {
        name: 'smtp',
        send: () => Promise.reject(new Error('550 no such mailbox')),
        close() {},
      }
      // A second apart, so the outbox's order is the order they were written in.
      const enqueue = (to: string) => {
        time += 1000
        return db()
          .transaction()
          .execute((trx) =>
            s.store.services.mail.enqueue(trx, 'welcome', to, { subject: to, text: `hi ${to}`, html: `<p>${to}</p>` }),
          )
      }
      const fail = async () => {
        const worker = s.store.services.mail.createWorker({ transport: failing, maxAttempts: 1 })
        await worker.runOnce()
        await worker.stop()
      }
      const start = time
      const oldFailed = await enqueue('old-failed@example.com')
      await fail()
      const oldSent = await enqueue('old-sent@example.com')
      await s.deliver()
      // Written long ago and still waiting for its retry: never removed.
      const waiting = await enqueue('waiting@example.com')
      await db()
        .updateTable('mail_outbox')
        .set({ next_attempt_at: start + 30 * DAY })
        .where('id', '=', waiting)
        .execute()
      time = start + 6 * DAY
      const newFailed = await enqueue('new-failed@example.com')
      await fail()
      const newSent = await enqueue('new-sent@example.com')
      await s.deliver()
      expect((await outbox()).map((r) => [r.id, r.status])).toEqual([
        [oldFailed, 'failed'],
        [oldSent, 'sent'],
        [waiting, 'pending'],
        [newFailed, 'failed'],
        [newSent, 'sent'],
      ])

      try {
        // Seven days after the old ones (and a minute), six days after the new ones.
        time = start + 7 * DAY + 60_000
        // A fresh worker prunes on its first pass, then once an hour.
        const worker = s.store.services.mail.createWorker()
        expect(await worker.runOnce()).toBe(0)
        await worker.stop()
        expect((await outbox()).map((r) => r.id)).toEqual([waiting, newFailed, newSent])
      } finally {
        time = Date.now()
      }
    })
  })

  it('clears, on upgrade, the bodies of messages the outbox kept after sending them, and nothing else', async () => {
    const { connection, drop } = await freshDatabase(kind)
    try {
      await migrate(connection)
      const raw = connection.db as unknown as Kysely<unknown>
      // The outbox as it was before this migration, holding what earlier versions left in it.
      await mailPrivacy.down(raw)
      const at = Date.UTC(2026, 10, 24, 12)
      for (const [id, status, by] of [
        ['sent-smtp', 'sent', 'smtp'],
        ['sent-log', 'sent', 'log'],
        ['sent-kept', 'sent', 'kept'],
        ['pending', 'pending', null],
        ['failed', 'failed', null],
      ] as const)
        await sql`insert into mail_outbox (id, kind, to_address, subject, text_body, html_body, headers, status,
          attempts, created_at, next_attempt_at, sent_at, delivered_by)
          values (${id}, 'password-reset', 'old@example.com', ${`Subject ${id}`},
          ${`Choose a new password: https://shop.example/reset-password?token=${id}`}, ${`<a href="?token=${id}">x</a>`},
          ${'{"List-Unsubscribe":"<https://shop.example/x>"}'}, ${status}, 1, ${at}, ${at},
          ${status === 'sent' ? at : null}, ${by})`.execute(raw)

      await mailPrivacy.up(raw)

      const rows = await connection.db
        .selectFrom('mail_outbox')
        .select(['id', 'subject', 'text_body', 'html_body', 'headers', 'user_id', 'sent_at'])
        .orderBy('id')
        .execute()
      const bodies = Object.fromEntries(
        rows.map((r) => [r.id, r.text_body !== '' && r.html_body !== '' && r.headers !== null]),
      )
      expect(bodies).toEqual({ failed: true, pending: true, 'sent-kept': true, 'sent-log': false, 'sent-smtp': false })
      for (const row of rows) expect(row).toMatchObject({ subject: `Subject ${row.id}`, user_id: null })
    } finally {
      await connection.close()
      await drop()
    }
  })

  describe('deleting an account', () => {
    let store: TestStore
    let time = Date.now()
    const now = () => time

    beforeAll(async () => {
      store = await createTestStore(kind, { now, env: { PUBLIC_URL } })
    })
    afterAll(() => store.close())

    const db = () => store.connection.db
    const items = [{ _id: 'oxford-shirt', size: 'M', quantity: 1 }]
    const amount = 2499 + 50

    it('takes every message of the account with it, sent or waiting, in the deletion’s transaction', async () => {
      const ayesha = await signedInClient(store, nextAddress())
      const bilal = await signedInClient(store, nextAddress())
      const elsewhere = `ayesha.orders-${Date.now()}@example.com`
      // An order whose contact address is not the account's, then cancelled: two order emails.
      await ayesha.client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' })
      const placed = await ayesha.client.post('/api/order/placeorder', {
        address: { ...testAddress, email: elsewhere },
        items,
        amount,
      })
      expect(placed.status).toBe(201)
      const order = ((await placed.json()) as { order: { _id: string } }).order
      expect((await ayesha.client.post('/api/order/cancel', { orderId: order._id })).status).toBe(200)
      // A reset link (sent) and a newsletter confirmation to the account's address in other case (waiting).
      expect(
        (await store.client(nextAddress()).post('/api/auth/forgot-password', { email: ayesha.account.email })).status,
      ).toBe(200)
      const worker = store.services.mail.createWorker()
      while ((await worker.runOnce()) > 0);
      await worker.stop()
      time += 1000
      const upper = ayesha.account.email.toUpperCase()
      expect((await store.client(nextAddress()).post('/api/newsletter/subscribe', { email: upper })).status).toBe(200)
      expect(
        (await store.client(nextAddress()).post('/api/auth/forgot-password', { email: bilal.account.email })).status,
      ).toBe(200)

      const hers = await db()
        .selectFrom('mail_outbox')
        .select(['kind', 'to_address', 'user_id', 'status'])
        .where((w) => w.or([w('user_id', '=', ayesha.user._id), w('to_address', 'in', [ayesha.account.email, upper])]))
        .orderBy('created_at')
        .orderBy('kind')
        .execute()
      expect(hers.map((m) => [m.kind, m.to_address, m.user_id])).toEqual(
        expect.arrayContaining([
          ['welcome', ayesha.account.email, ayesha.user._id],
          ['order-placed', elsewhere, ayesha.user._id],
          ['order-cancelled', elsewhere, ayesha.user._id],
          ['password-reset', ayesha.account.email, ayesha.user._id],
          ['newsletter-confirm', upper, null],
        ]),
      )
      expect(hers).toHaveLength(5)
      const bilals = await db()
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', bilal.account.email)
        .orderBy('id')
        .execute()
      expect(bilals).toHaveLength(2)

      // Refused (wrong password): nothing changes.
      expect((await ayesha.client.post('/api/user/delete', { password: 'not it' })).status).toBe(400)
      expect(
        await db().selectFrom('mail_outbox').select('id').where('user_id', '=', ayesha.user._id).execute(),
      ).toHaveLength(4)

      const res = await ayesha.client.post('/api/user/delete', { password: ayesha.account.password })
      expect(res.status).toBe(200)
      const left = await db().selectFrom('mail_outbox').selectAll().execute()
      expect(left.filter((m) => m.user_id === ayesha.user._id)).toEqual([])
      const everywhere = JSON.stringify(left).toLowerCase()
      expect(everywhere).not.toContain(ayesha.account.email.toLowerCase())
      expect(everywhere).not.toContain(elsewhere.toLowerCase())
      // Another shopper's messages stay.
      expect(
        await db()
          .selectFrom('mail_outbox')
          .select('id')
          .where('to_address', '=', bilal.account.email)
          .orderBy('id')
          .execute(),
      ).toEqual(bilals)
    })

    it('leaves the outbox alone when the deletion is refused for an open order', async () => {
      const shopper = await signedInClient(store, nextAddress())
      await shopper.client.post('/api/cart/add', { itemId: 'oxford-shirt', size: 'M' })
      expect((await shopper.client.post('/api/order/placeorder', { address: testAddress, items, amount })).status).toBe(
        201,
      )
      const mine = () =>
        db().selectFrom('mail_outbox').select('kind').where('user_id', '=', shopper.user._id).orderBy('kind').execute()
      expect(await mine()).toEqual([{ kind: 'order-placed' }, { kind: 'welcome' }])
      expect((await shopper.client.post('/api/user/delete', { password: shopper.account.password })).status).toBe(409)
      expect(await mine()).toEqual([{ kind: 'order-placed' }, { kind: 'welcome' }])
    })

    it('every message written for an account names it: verification, back in stock', async () => {
      const account = newAccount()
      const client = store.client(nextAddress())
      expect((await client.post('/api/auth/registration', account)).status).toBe(201)
      const user = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow()
      expect((await client.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(
        200,
      )
      expect((await client.post('/api/auth/verify-email/resend')).status).toBe(200)
      expect(
        await db()
          .selectFrom('mail_outbox')
          .select(['kind', 'user_id'])
          .where('to_address', '=', account.email)
          .orderBy('kind')
          .execute(),
      ).toEqual([
        { kind: 'verify-email', user_id: user.id },
        { kind: 'welcome', user_id: user.id },
      ])

      // Back in stock: a sold-out size asked for, then restocked.
      await db()
        .updateTable('product_sizes')
        .set({ stock: 0 })
        .where('product_id', '=', 'kids-hoodie')
        .where('size', '=', '4-5Y')
        .execute()
      await store.services.alerts.request(user.id, 'kids-hoodie', '4-5Y')
      await db()
        .transaction()
        .execute((trx) => store.services.catalog.setStock(trx, { productId: 'kids-hoodie', size: '4-5Y', stock: 3 }))
      expect(
        await db()
          .selectFrom('mail_outbox')
          .select(['to_address', 'user_id'])
          .where('kind', '=', 'back-in-stock')
          .execute(),
      ).toEqual([{ to_address: account.email, user_id: user.id }])
    })
  })
})
