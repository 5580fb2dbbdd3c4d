import { describe, expect, it } from 'vitest'
import { retryingConflicts } from '#server/db/database.ts'

const conflict = (code: string) => Object.assign(new Error('could not serialize'), { code })

describe('retryingConflicts', () => {
  it('runs a transaction again after a deadlock, a serialization failure or a busy SQLite, and answers its result', async () => {
    for (const code of ['40P01', '40001', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT']) {
      let runs = 0
      const answer = await retryingConflicts(() => {
        runs++
        return runs < 3 ? Promise.reject(conflict(code)) : Promise.resolve('placed')
      })
      expect({ code, answer, runs }).toEqual({ code, answer: 'placed', runs: 3 })
    }
  })

  it('gives up after the last attempt with the error, and never retries any other error', async () => {
    let runs = 0
    await expect(
      retryingConflicts(() => {
        runs++
        return Promise.reject(conflict('40P01'))
      }),
    ).rejects.toMatchObject({ code: '40P01' })
    expect(runs).toBe(3)

    runs = 0
    await expect(
      retryingConflicts(() => {
        runs++
        return Promise.reject(Object.assign(new Error('out of stock'), { status: 409 }))
      }),
    ).rejects.toThrow('out of stock')
    expect(runs).toBe(1)
  })
})
