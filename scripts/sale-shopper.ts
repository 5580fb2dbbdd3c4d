// What `npm run bench:sale` runs as one shopper: plain HTTP from an address of its own on
// the loopback network (127.0.0.0/8 all reaches this machine), so the store (or nginx in
// front of it) sees one client an address, as on a real sale night, and its limits per
// address hold as a user has them. A cookie jar, and the line's 503 obeyed.
import http from 'node:http'
import { sleep } from '#scripts/fault-kit.ts'

/** How long one shopper waits in the line, in all, before giving up. */
export const PATIENCE_MS = 60_000
const TIMEOUT_MS = 30_000

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
  ms: number
}

/** A status, or `network (CODE)` when no answer came: refused, reset, timed out (the error's code). */
export type Outcome = number | `network (${string})`

export interface StepStats {
  /** Times of the answers other than the line's 503 (ms). */
  times: number[]
  statuses: Map<Outcome, number>
}

export interface LineStats {
  /** 503 answers with Retry-After. */
  answers: number
  /** 5xx answers other than a 503 with Retry-After, by step and status. */
  failures: string[]
  /** Per shopper who waited at least once: the time spent waiting (ms). */
  waits: number[]
  gaveUp: number
}

export function newStep(): StepStats {
  return { times: [], statuses: new Map() }
}

export class SaleShopper {
  readonly address: string
  readonly email: string
  private agent: http.Agent
  private readonly jar = new Map<string, string>()
  private session: string | undefined
  /** Time spent waiting in the line (ms). */
  waited = 0
  private readonly base: URL
  constructor(base: URL, address: string, email: string) {
    this.base = base
    this.address = address
    this.email = email
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: address })
  }

  /** Signs in (the session is kept aside: it is sent from `signedIn()` on). */
  async signUp(password: string): Promise<void> {
    const account = { name: 'Sale Shopper', email: this.email, password }
    const reg = await this.send('POST', '/api/auth/registration', account)
    if (reg.status !== 201) throw new Error(`registration from ${this.address}: ${reg.status} ${reg.text}`)
    const login = await this.send('POST', '/api/auth/login', { email: this.email, password })
    if (login.status !== 200) throw new Error(`login from ${this.address}: ${login.status} ${login.text}`)
    this.session = this.jar.get('kapra_session')
    this.jar.delete('kapra_session')
    if (!this.session) throw new Error('the login answered no session cookie')
  }

  /**
   * The shopper arrives: new connections, as a visitor's browser opens (a connection kept
   * from signing up may be closed by the store's keep-alive timeout just as it is reused).
   */
  arrive(): void {
    this.agent.destroy()
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: this.address })
  }

  /** From here on the shopper's requests carry the session. */
  signedIn(): void {
    if (this.session) this.jar.set('kapra_session', this.session)
  }

  /**
   * One step: retried after the line's 503 (Retry-After) until answered otherwise or the
   * shopper's patience runs out (undefined then). Every answer counts in `step`.
   */
  async step(
    step: StepStats,
    line: LineStats,
    name: string,
    method: string,
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer | undefined> {
    let retried = false
    for (;;) {
      let answer: Answer
      try {
        answer = await this.send(method, pathname, body, headers)
      } catch (err) {
        const outcome: Outcome = `network (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`
        step.statuses.set(outcome, (step.statuses.get(outcome) ?? 0) + 1)
        // No answer: a page is asked once more, as a browser does; an order is retried with
        // its key (once answered it is answered again); anything else the shopper leaves.
        if (method === 'GET' && !retried) {
          retried = true
          continue
        }
        if (method !== 'POST' || !headers['idempotency-key'] || this.waited >= PATIENCE_MS) return undefined
        this.waited += 1000
        await sleep(1000)
        continue
      }
      step.statuses.set(answer.status, (step.statuses.get(answer.status) ?? 0) + 1)
      const retryAfter = Number(answer.headers['retry-after'])
      if (answer.status === 503 && answer.headers['retry-after'] !== undefined && Number.isFinite(retryAfter)) {
        line.answers++
        if (this.waited >= PATIENCE_MS) {
          line.gaveUp++
          return undefined
        }
        const wait = Math.min(Math.max(retryAfter, 0.1) * 1000, PATIENCE_MS - this.waited)
        this.waited += wait
        await sleep(wait)
        continue
      }
      if (answer.status >= 500) line.failures.push(`${name}: ${answer.status} ${answer.text.slice(0, 120)}`)
      step.times.push(answer.ms)
      return answer
    }
  }

  close(): void {
    this.agent.destroy()
  }

  send(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const started = performance.now()
    return new Promise((resolve, reject) => {
      const req = http.request(
        new URL(pathname, this.base),
        {
          method,
          agent: this.agent,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(cookie ? { cookie } : {}),
            ...headers,
          },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => (text += c))
          res.on('error', reject)
          res.on('end', () => {
            this.keep(res.headers['set-cookie'])
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, ms: performance.now() - started })
          })
        },
      )
      req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timed out')))
      req.on('error', reject)
      req.end(payload)
    })
  }

  private keep(setCookies: string[] | undefined) {
    for (const line of setCookies ?? []) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      if (at < 1) continue
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const gone = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a))
      if (gone || value === '') this.jar.delete(name)
      else this.jar.set(name, value)
    }
  }
}

/** The p-th fraction (0…1) of sorted times, by the nearest rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!
}
