import { describe, expect, it } from 'vitest'
import { newNonce } from '#server/http/csp.ts'

describe('newNonce', () => {
  it('gives 128 bits in base64, never the same twice, across the pool being drawn again', () => {
    const seen = new Set<string>()
    // 4 KB a pool, 16 bytes a nonce: 1,000 nonces draw it four times.
    for (let i = 0; i < 1000; i++) {
      const nonce = newNonce()
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
      seen.add(nonce)
    }
    expect(seen.size).toBe(1000)
  })
})
