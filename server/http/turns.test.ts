import { describe, expect, it } from 'vitest'
import { turns } from '#server/http/turns.ts'

describe('pages drawn a few at a time', () => {
  it('draws at most `concurrency` at once, the rest in the order they came', async () => {
    const gate = turns(2)
    let now = 0
    let most = 0
    const order: number[] = []
    const draw = (n: number) =>
      gate.run(async () => {
        now++
        most = Math.max(most, now)
        await new Promise((resolve) => setTimeout(resolve, 5))
        order.push(n)
        now--
        return n
      })
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(draw))
    expect(results).toEqual([1, 2, 3, 4, 5, 6])
    expect(most).toBe(2)
    expect(order.slice(2)).toEqual([3, 4, 5, 6])
    expect(gate.stats()).toEqual({ drawing: 0, waiting: 0 })
  })

  it('hands the next its turn after the event loop has gone round', async () => {
    const gate = turns(1)
    const seen: string[] = []
    const first = gate.run(() => Promise.resolve(seen.push('first')))
    const second = gate.run(() => Promise.resolve(seen.push('second')))
    // Queued after the first began: a turn of the loop (setImmediate) comes before the second.
    setImmediate(() => seen.push('loop'))
    await Promise.all([first, second])
    expect(seen).toEqual(['first', 'loop', 'second'])
  })

  it('gives the turn on when a page fails', async () => {
    const gate = turns(1)
    const failed = gate.run(() => Promise.reject(new Error('no')))
    const next = gate.run(() => Promise.resolve('drawn'))
    await expect(failed).rejects.toThrow('no')
    expect(await next).toBe('drawn')
    expect(gate.stats()).toEqual({ drawing: 0, waiting: 0 })
  })
})
