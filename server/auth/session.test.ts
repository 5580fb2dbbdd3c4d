import { describe, expect, it } from 'vitest'
import { isConsoleRequest } from '#server/auth/session.ts'

// docs/decisions/019: what keeps an admin's session from ending as idle.
describe('isConsoleRequest', () => {
  it("is the console's pages, their data requests and its API", () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/orders',
      '/admin/products/abc',
      '/admin.data',
      '/admin/orders.data',
      '/api/admin',
      '/api/admin/dashboard',
      '/api/admin/two-factor/setup',
    ])
      expect(isConsoleRequest(path), path).toBe(true)
  })

  it('is nothing else', () => {
    for (const path of [
      '/',
      '/administrator',
      '/admins',
      '/admin.css',
      '/api/administrator',
      '/api/user/getcurrentuser',
      '/collection',
      '/x/admin',
      '/api/auth/login',
    ])
      expect(isConsoleRequest(path), path).toBe(false)
  })
})
