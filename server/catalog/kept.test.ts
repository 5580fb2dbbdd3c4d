import { describe, expect, it } from 'vitest'
import { refreshedAnswer } from '#server/catalog/kept.ts'

describe('refreshedAnswer', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('reads once, reads again in the background past half its age, and never answers one older than its age', async () => {
    const clock = { t: 0 }
    let reads = 0
    const answer = refreshedAnswer(() => Promise.resolve(++reads), { maxAgeMs: 1_000, now: () => clock.t })
    expect(await answer.get()).toBe(1)
    expect(await answer.get()).toBe(1)
    clock.t = 600
    // Past half its age: the kept answer at once, the next one read meanwhile.
    expect(await answer.get()).toBe(1)
    expect(reads).toBe(2)
    await settle()
    expect(await answer.get()).toBe(2)
    expect(reads).toBe(2)
    // Nobody asked for longer than its age: the next request waits for a fresh one.
    clock.t = 1_700
    expect(await answer.get()).toBe(3)
  })

  it('makes the next request wait for a fresh answer after a change, and keeps no reading begun before it', async () => {
    const clock = { t: 0 }
    const pending: ((v: string) => void)[] = []
    const answer = refreshedAnswer(() => new Promise<string>((resolve) => pending.push(resolve)), {
      maxAgeMs: 1_000,
      now: () => clock.t,
    })
    const first = answer.get()
    pending.shift()!('before')
    expect(await first).toBe('before')
    clock.t = 600
    expect(await answer.get()).toBe('before')
    // A change while the background reading runs: that reading is not kept.
    answer.clear()
    const fresh = answer.get()
    pending.shift()!('stale')
    pending.shift()!('after')
    expect(await fresh).toBe('after')
    await settle()
    expect(await answer.get()).toBe('after')
  })

  it('forgets a failed reading, so the next request reads again', async () => {
    let fail = true
    const answer = refreshedAnswer(() => (fail ? Promise.reject(new Error('out of reach')) : Promise.resolve('ok')), {
      maxAgeMs: 1_000,
      now: () => 0,
    })
    await expect(answer.get()).rejects.toThrow('out of reach')
    fail = false
    expect(await answer.get()).toBe('ok')
  })
})
