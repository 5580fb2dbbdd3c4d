import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{server,contracts,app,demo,scripts}/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // API suites each build their own database; PostgreSQL ones use their own schema.
    fileParallelism: true,
  },
})
