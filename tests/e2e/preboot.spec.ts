import { prebootTests } from '#tests/e2e/preboot.ts'

// Controls used before the app has booted, on a desktop (tests/e2e/preboot.ts).
prebootTests()
