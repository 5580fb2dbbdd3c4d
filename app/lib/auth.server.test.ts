import { describe, expect, it } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { appContext, type AppLoadContext } from '#app/lib/app-context.server.ts'
import { requireUser } from '#app/lib/auth.server.ts'

function contextFor(user: AppLoadContext['user']) {
  return new RouterContextProvider(new Map([[appContext, { user } as AppLoadContext]]))
}

function redirectOf(fn: () => unknown): string | null {
  try {
    fn()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location')
    throw thrown
  }
  return null
}

describe('requireUser', () => {
  it('answers the signed-in user', () => {
    const user = { _id: 'u1', name: 'Sana', email: 'sana@example.com', role: 'customer' as const, emailVerified: false }
    expect(requireUser(contextFor(user), new URL('http://store.test/cart'))).toBe(user)
  })

  it('sends a guest to /login, remembering the page', () => {
    expect(redirectOf(() => requireUser(contextFor(null), new URL('http://store.test/order')))).toBe(
      '/login?redirectTo=%2Forder',
    )
  })

  it('remembers the page, not the data request of a client navigation', () => {
    const request = new Request('http://store.test/cart.data?_routes=routes%2Fcart')
    expect(redirectOf(() => requireUser(contextFor(null), request))).toBe('/login?redirectTo=%2Fcart')
    const index = new Request('http://store.test/_.data?x=1')
    expect(redirectOf(() => requireUser(contextFor(null), index))).toBe('/login?redirectTo=%2F%3Fx%3D1')
  })
})
