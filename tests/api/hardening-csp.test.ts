import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app.ts'
import { createTestStore, type TestStore } from '#tests/api/harness.ts'

// docs/spec/rulings.md #7 and docs/decisions/005: Google's script, frame, requests and styles are allowed on
// Login and Registration only, and only when Google sign-in is configured. Every other
// page keeps the strict policy.
const CLIENT_ID = 'kapra-csp.apps.googleusercontent.com'
const GSI_SCRIPT = 'https://accounts.google.com/gsi/client'
const GSI_FRAME = 'https://accounts.google.com/gsi/'
const GSI_STYLE = 'https://accounts.google.com/gsi/style'

const GOOGLE_PAGES = ['/login', '/signup', '/login?redirectTo=%2Fcart', '/signup/', '/Login']
const OTHER_PATHS = [
  '/',
  '/collection',
  '/product/oxford-shirt',
  '/cart',
  '/order',
  '/login.data',
  '/loginx',
  '/login/extra',
  '/api/auth/config',
  '/healthz',
]

/** The policy as a map from directive to its sources. */
function policy(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy')
  expect(header).toBeTruthy()
  const directives = new Map<string, string[]>()
  for (const part of header!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name, sources)
  }
  return directives
}

function expectStrict(res: Response, development = false) {
  const csp = policy(res)
  const header = res.headers.get('content-security-policy')!
  expect(header).not.toContain('accounts.google.com')
  expect(csp.has('frame-src')).toBe(false)
  expect(csp.get('default-src')).toEqual(["'self'"])
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
  if (development) {
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws:'])
  } else {
    // A page drawn for its visitor names its nonce; a guest's page kept for every guest, the
    // hashes of its inline scripts (docs/decisions/029). Nothing else runs.
    const [self, ...inline] = csp.get('script-src') ?? []
    expect(self).toBe("'self'")
    if (inline.length === 1 && inline[0]!.startsWith("'nonce-")) expect(inline[0]).toMatch(/^'nonce-[A-Za-z0-9+/=]+'$/)
    else for (const source of inline) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/)
    expect(csp.get('connect-src')).toEqual(["'self'"])
  }
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  expect(res.headers.get('x-frame-options')).toBe('DENY')
}

function expectGoogleAllowed(res: Response, development = false) {
  const csp = policy(res)
  const scriptSrc = csp.get('script-src') ?? []
  if (development) {
    expect(scriptSrc).toEqual(["'self'", "'unsafe-inline'", GSI_SCRIPT])
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws:', GSI_FRAME])
  } else {
    expect(scriptSrc).toHaveLength(3)
    expect(scriptSrc[0]).toBe("'self'")
    expect(scriptSrc[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]+'$/)
    expect(scriptSrc[2]).toBe(GSI_SCRIPT)
    expect(csp.get('connect-src')).toEqual(["'self'", GSI_FRAME])
  }
  expect(csp.get('frame-src')).toEqual(["'self'", GSI_FRAME])
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'", GSI_STYLE])
  // Nothing else of Google's, and the rest of the policy as strict as elsewhere.
  expect(csp.get('default-src')).toEqual(["'self'"])
  expect(csp.get('img-src')).toEqual(["'self'", 'data:'])
  expect(csp.get('font-src')).toEqual(["'self'"])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  expect(csp.get('form-action')).toEqual(["'self'"])
  const header = res.headers.get('content-security-policy')!
  expect(header.match(/accounts\.google\.com/g)).toHaveLength(4)
  // The popup Google opens without FedCM must be able to answer this window.
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
  expect(res.headers.get('x-frame-options')).toBe('DENY')
}

describe('Content-Security-Policy per page', () => {
  let configured: TestStore
  let unconfigured: TestStore
  const page = () => Promise.resolve(new Response('<!doctype html><title>page</title>', { status: 200 }))

  beforeAll(async () => {
    configured = await createTestStore('sqlite', { env: { GOOGLE_CLIENT_ID: CLIENT_ID } })
    unconfigured = await createTestStore('sqlite')
  })
  afterAll(async () => {
    await configured.close()
    await unconfigured.close()
  })

  for (const development of [false, true]) {
    const mode = development ? 'development' : 'production'

    describe(`${mode}, Google sign-in configured`, () => {
      const app = () => createApp({ services: configured.services, pages: page, development })

      it.each(GOOGLE_PAGES)('%s allows exactly what Google sign-in needs', async (path) => {
        const res = await app().request(`http://store.test${path}`)
        expect(res.status).toBe(200)
        expectGoogleAllowed(res, development)
      })

      it.each(OTHER_PATHS)('%s keeps the strict policy', async (path) => {
        const res = await app().request(`http://store.test${path}`)
        expectStrict(res, development)
      })

      it('a form post to /login re-renders under the same policy', async () => {
        const res = await app().request('http://store.test/login', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://store.test' },
          body: 'email=a%40b.c&password=x',
        })
        expectGoogleAllowed(res, development)
      })
    })

    describe(`${mode}, Google sign-in not configured`, () => {
      const app = () => createApp({ services: unconfigured.services, pages: page, development })

      it.each([...GOOGLE_PAGES, ...OTHER_PATHS])('%s keeps the strict policy', async (path) => {
        const res = await app().request(`http://store.test${path}`)
        expectStrict(res, development)
      })
    })
  }

  it('each response gets its own nonce, and Login keeps it beside Google', async () => {
    const app = createApp({ services: configured.services, pages: page })
    const nonces = await Promise.all(
      ['/login', '/login', '/'].map(async (path) => {
        const res = await app.request(`http://store.test${path}`)
        return policy(res).get('script-src')?.[1]
      }),
    )
    expect(new Set(nonces).size).toBe(3)
  })
})
