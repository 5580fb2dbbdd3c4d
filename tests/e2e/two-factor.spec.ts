import { twoFactorTests } from '#tests/e2e/two-factor.ts'

// Two-factor sign-in for admins at 1280 px (tests/e2e/two-factor.ts).
twoFactorTests()
