import { RouterContextProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { appContext, type AppLoadContext } from '#app/lib/app-context.server.ts'
import { handleError } from '#app/entry.server.tsx'

function argsFor(error: (msg: string, fields?: Record<string, unknown>) => void, signal?: AbortSignal) {
  const value = { requestId: 'req-42', services: { logger: { error } } } as unknown as AppLoadContext
  return {
    request: new Request('http://store.test/productdetail/abc', signal ? { signal } : {}),
    params: {},
    context: new RouterContextProvider(new Map([[appContext, value]])),
  }
}

describe('handleError', () => {
  it('writes a page fault to the JSON log with the request id, method and path', () => {
    const log = vi.fn()
    handleError(new Error('database is locked'), argsFor(log))
    expect(log).toHaveBeenCalledWith(
      'page failed',
      expect.objectContaining({
        requestId: 'req-42',
        method: 'GET',
        path: '/productdetail/abc',
        err: 'database is locked',
      }),
    )
  })

  it('leaves answers (a thrown 404) and abandoned requests out of the error log', () => {
    const log = vi.fn()
    const controller = new AbortController()
    controller.abort()
    handleError(new Error('aborted'), argsFor(log, controller.signal))
    // What React Router makes of a loader's `throw data(null, { status: 404 })`.
    handleError({ status: 404, statusText: 'Not Found', internal: false, data: null }, argsFor(log))
    expect(log).not.toHaveBeenCalled()
  })
})
