import { describe, expect, it } from 'vitest'
import { NEWSLETTER_THANKS } from '#contracts/newsletter.ts'
import { databases, useMailStore } from '#tests/api/harness.ts'
import { recipientOf } from '#tests/support/smtp-server.ts'

// The newsletter's double opt-in (docs/decisions/011): subscribing sends one email with
// the 20% code from configuration, a confirm link and a one-click unsubscribe (link and
// List-Unsubscribe headers); on each database, read from a real SMTP server.

const PUBLIC_URL = 'https://shop.example'
const DAY = 24 * 60 * 60_000

let addresses = 0
const nextAddress = () => `10.28.0.${++addresses}`
let n = 0
const fresh = () => `reader-${Date.now()}-${++n}@example.com`

describe.each(databases)('newsletter double opt-in (%s)', (kind) => {
  let time = Date.now()
  const now = () => time
  const s = useMailStore(kind, { now, env: { PUBLIC_URL, STORE_NAME: 'Kapra Test', NEWSLETTER_CODE: 'TWENTY-OFF' } })

  const subscribe = (email: string, address = nextAddress()) =>
    s.store.client(address).post('/api/newsletter/subscribe', { email })
  const subscriber = (email: string) =>
    s.store.connection.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email_normalized', '=', email.toLowerCase())
      .executeTakeFirst()

  async function email(to: string) {
    const found = (await s.deliver()).filter((m) => recipientOf(m) === to)
    expect(found).toHaveLength(1)
    const message = found[0]!
    const link = (label: string) => {
      const url = new RegExp(`${label}: (\\S+)`).exec(message.text ?? '')?.[1]
      if (!url) throw new Error(`no ${label} link`)
      return { url, token: new URL(url).searchParams.get('token')! }
    }
    return { message, confirm: link('Confirm my subscription'), unsubscribe: link('Unsubscribe') }
  }

  it('sends one email with the code, a confirm link and a one-click unsubscribe; confirming puts the address on the list', async () => {
    const address = fresh()
    const res = await subscribe(address)
    expect(await res.json()).toEqual({ message: NEWSLETTER_THANKS })
    expect(await subscriber(address)).toMatchObject({ confirmed_at: null, confirmation_sent_at: time })

    const { message, confirm, unsubscribe } = await email(address)
    expect(message.subject).toBe('Confirm your subscription to Kapra Test')
    // Each subscriber's own code, NEWSLETTER_CODE its prefix (docs/decisions/026).
    const code = /Your own code for 20% off your first order, once you confirm: (TWENTY-OFF-[A-Z2-9]{8})/.exec(
      message.text ?? '',
    )?.[1]
    expect(code).toBeDefined()
    expect(message.html).toContain(code)
    expect(confirm.url.startsWith(`${PUBLIC_URL}/newsletter/confirm?token=`)).toBe(true)
    expect(unsubscribe.url.startsWith(`${PUBLIC_URL}/newsletter/unsubscribe?token=`)).toBe(true)
    const header = (name: string) =>
      message.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, '')
    expect(header('list-unsubscribe')).toBe(`<${unsubscribe.url}>`)
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(message.html).not.toMatch(/<script|<img|src=/i)

    const confirmed = await s.store.client(nextAddress()).post('/api/newsletter/confirm', { token: confirm.token })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toEqual({ message: 'Your subscription is confirmed', code })
    expect((await subscriber(address))?.confirmed_at).toBe(time)
    // Again is harmless; a confirmed address is not mailed again when it subscribes again.
    expect((await s.store.client(nextAddress()).post('/api/newsletter/confirm', { token: confirm.token })).status).toBe(
      200,
    )
    expect((await subscribe(address.toUpperCase())).status).toBe(200)
    expect(await s.deliver()).toHaveLength(1)
  })

  it('mails an unconfirmed address at most once every 10 minutes, however often the form is sent', async () => {
    const address = fresh()
    for (let i = 0; i < 3; i++) expect((await subscribe(address)).status).toBe(200)
    expect(await s.deliver()).toHaveLength(1)
    time += 10 * 60_000
    try {
      expect((await subscribe(address)).status).toBe(200)
      expect(await s.deliver()).toHaveLength(2)
    } finally {
      time -= 10 * 60_000
    }
  })

  it('unsubscribes in one click, and the confirm link then stops working', async () => {
    const address = fresh()
    await subscribe(address)
    const { confirm, unsubscribe } = await email(address)
    const res = await s.store.client(nextAddress()).post('/api/newsletter/unsubscribe', { token: unsubscribe.token })
    expect(res.status).toBe(200)
    expect(await subscriber(address)).toBeUndefined()
    expect(
      (await s.store.client(nextAddress()).post('/api/newsletter/unsubscribe', { token: unsubscribe.token })).status,
    ).toBe(200)
    const late = await s.store.client(nextAddress()).post('/api/newsletter/confirm', { token: confirm.token })
    expect(late.status).toBe(400)
    expect(((await late.json()) as { message: string }).message).toMatch(/no longer subscribed/)
  })

  it('refuses links tampered with, used for the other purpose, or expired', async () => {
    const address = fresh()
    await subscribe(address)
    const { confirm, unsubscribe } = await email(address)
    const [id, body, signature] = confirm.token.split('.') as [string, string, string]
    const client = s.store.client(nextAddress())
    for (const [path, token] of [
      ['/api/newsletter/confirm', `${id}.${body}.${signature.slice(0, -2)}xy`],
      ['/api/newsletter/confirm', unsubscribe.token],
      ['/api/newsletter/unsubscribe', confirm.token],
      ['/api/newsletter/unsubscribe', 'garbage'],
    ] as const) {
      const res = await client.post(path, { token })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toMatch(/not valid/)
    }
    expect(await subscriber(address)).toMatchObject({ confirmed_at: null })
    time += 7 * DAY
    try {
      const res = await client.post('/api/newsletter/confirm', { token: confirm.token })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toMatch(/expired/)
    } finally {
      time -= 7 * DAY
    }
    expect(await subscriber(address)).toMatchObject({ confirmed_at: null })
  })

  it('limits subscriptions per client address', async () => {
    const client = nextAddress()
    for (let i = 0; i < 50; i++) expect((await subscribe(fresh(), client)).status).toBe(200)
    const limited = await subscribe(fresh(), client)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeTruthy()
  })
})
