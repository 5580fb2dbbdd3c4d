import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{server,contracts,app,demo,scripts}/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // API suites each build their own database; PostgreSQL ones use their own schema.
    fileParallelism: true,
    // Two files at a time even on two cores (Vitest's default there is one): much of an API
    // test's time is spent waiting on PostgreSQL, password hashing and timers.
    maxWorkers: 2,
    // Files share a worker process instead of one each (about 0.4 s a file, 110 files): every
    // file makes its own stores and clocks, and nothing in one reads another's module state.
    isolate: false,
  },
})
