import { RouterContextProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '#server/http/errors.ts'
import { appContext, type AppLoadContext } from '#app/lib/app-context.server.ts'
import { attempt, logFault, notFound, orNotFound } from '#app/lib/service-result.server.ts'

function contextWith(error: (msg: string, fields?: Record<string, unknown>) => void) {
  const value = { requestId: 'req-1', services: { logger: { error } } } as unknown as AppLoadContext
  return new RouterContextProvider(new Map([[appContext, value]]))
}

describe('attempt', () => {
  it('hands back the value of a call that succeeds', async () => {
    await expect(attempt(contextWith(vi.fn()), () => Promise.resolve(42))).resolves.toEqual({ ok: true, value: 42 })
  })

  it("turns the service's refusal into the page's result, fields and headers included", async () => {
    const refusal = new AppError(429, 'Too many attempts', { headers: { 'Retry-After': '60' }, fields: { email: 'x' } })
    const log = vi.fn()
    await expect(attempt(contextWith(log), () => Promise.reject(refusal), { fallback: 'never' })).resolves.toEqual({
      ok: false,
      status: 429,
      message: 'Too many attempts',
      fieldErrors: { email: 'x' },
      headers: { 'Retry-After': '60' },
    })
    expect(log).not.toHaveBeenCalled()
  })

  it('recognises an AppError from another copy of its module by its registered brand', async () => {
    const foreign = Object.assign(new Error('Sold out'), { status: 409, fields: undefined, headers: {} })
    Object.defineProperty(foreign, Symbol.for('kapra.AppError'), { value: true })
    const result = await attempt(contextWith(vi.fn()), () => Promise.reject(foreign))
    expect(result).toMatchObject({ ok: false, status: 409, message: 'Sold out' })
  })

  it('throws a fault to the error boundary unless the form has a fallback message', async () => {
    const boom = Object.assign(new Error('connection reset'), { status: 409 })
    await expect(attempt(contextWith(vi.fn()), () => Promise.reject(boom))).rejects.toBe(boom)
  })

  it('logs a fault with the request id and answers the fallback', async () => {
    const log = vi.fn()
    const result = await attempt(contextWith(log), () => Promise.reject(new Error('db down')), {
      what: 'login',
      fallback: 'Login failed. Please try again.',
    })
    expect(result).toEqual({
      ok: false,
      status: 500,
      message: 'Login failed. Please try again.',
      fieldErrors: undefined,
      headers: {},
    })
    expect(log).toHaveBeenCalledWith('login failed', expect.objectContaining({ requestId: 'req-1', err: 'db down' }))
  })
})

describe('logFault', () => {
  it('writes one error line with the request id', () => {
    const log = vi.fn()
    logFault(contextWith(log), 'related products failed', new Error('timeout'))
    expect(log).toHaveBeenCalledWith(
      'related products failed',
      expect.objectContaining({ requestId: 'req-1', err: 'timeout' }),
    )
  })
})

/** What a loader helper threw, for the route's error boundary. */
function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (err) {
    return err
  }
  throw new Error('nothing was thrown')
}

describe('notFound', () => {
  it("throws a 404 response for the route's error boundary, with what it says", () => {
    expect(thrown(() => notFound())).toMatchObject({ data: null, init: { status: 404 } })
    expect(thrown(() => notFound('archived'))).toMatchObject({ data: 'archived', init: { status: 404 } })
  })
})

describe('orNotFound', () => {
  it('hands back the value of a call that succeeded', () => {
    expect(orNotFound({ ok: true, value: 42 })).toBe(42)
  })

  it("throws a refusal as an error response with the refusal's status", () => {
    const refusal = (status: number) => ({
      ok: false as const,
      status,
      message: 'Order not found',
      fieldErrors: undefined,
      headers: {},
    })
    expect(thrown(() => orNotFound(refusal(404)))).toMatchObject({ data: null, init: { status: 404 } })
    expect(thrown(() => orNotFound(refusal(403)))).toMatchObject({ data: null, init: { status: 403 } })
  })
})
