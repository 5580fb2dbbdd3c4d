import { describe, expect, test } from 'vitest'
import { medianRow, type Row } from './bench-rows.ts'

const row = (rps: number, p50: number, p99: number, cpu: number, errors = 0): Row => ({
  name: 'GET /cart (signed in, SSR)',
  'req/s': rps,
  'p50 ms': p50,
  'p99 ms': p99,
  'CPU ms/req': cpu,
  errors,
})

describe("a row's rounds", () => {
  test('each figure is its own median, whichever round it came from; errors are all counted', () => {
    expect(medianRow([row(300, 60, 200, 5.1), row(100, 90, 900, 9.4, 2), row(250, 70, 150, 6.2)])).toEqual(
      row(250, 70, 200, 6.2, 2),
    )
  })

  test('one round is itself; of an even count, the upper middle', () => {
    expect(medianRow([row(300, 60, 200, 5.1)])).toEqual(row(300, 60, 200, 5.1))
    expect(medianRow([row(100, 90, 900, 9.4), row(300, 60, 200, 5.1)])).toEqual(row(300, 90, 900, 9.4))
  })
})
