import { consoleTests } from '#tests/e2e/console.ts'

// The store owner's console at 390 px (tests/e2e/console.ts).
consoleTests()
