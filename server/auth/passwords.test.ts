import os from 'node:os'
import { describe, expect, test } from 'vitest'
import { hashPassword, passwordWork, verifyPassword } from '#server/auth/passwords.ts'

describe('password hashing', () => {
  test('runs at most one hash or check a core at once (up to four); the rest wait their turn and all finish', async () => {
    const limit = Math.max(1, Math.min(os.availableParallelism(), 4))
    const stored = await hashPassword('correct horse battery')
    const work = [
      ...Array.from({ length: 3 }, (_, i) => hashPassword(`password ${i}`)),
      ...Array.from({ length: 3 }, () => verifyPassword(stored, 'correct horse battery')),
    ]
    expect(passwordWork.stats()).toEqual({ drawing: limit, waiting: 6 - limit })
    const done = await Promise.all(work)
    expect(done.slice(3)).toEqual([true, true, true])
    expect(await verifyPassword(done[0] as string, 'password 0')).toBe(true)
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false)
    expect(passwordWork.stats()).toEqual({ drawing: 0, waiting: 0 })
  })
})
