// A row of `npm run bench` (scripts/bench.ts) and the median of a row's rounds.

export interface Row {
  name: string
  'req/s': number
  'p50 ms': number
  'p99 ms': number
  /** The server's CPU time for each answer, user and system (scripts/bench-server.ts, cpuMs). */
  'CPU ms/req': number
  errors: number
}

/** Each figure of a row's rounds, the median (the upper middle of an even count); its errors, all of them. */
export function medianRow(rounds: Row[]): Row {
  const median = (key: 'req/s' | 'p50 ms' | 'p99 ms' | 'CPU ms/req') => {
    const sorted = rounds.map((r) => r[key]).sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }
  return {
    name: rounds[0]!.name,
    'req/s': median('req/s'),
    'p50 ms': median('p50 ms'),
    'p99 ms': median('p99 ms'),
    'CPU ms/req': median('CPU ms/req'),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  }
}
