import { accountPageTests } from '#tests/e2e/account-page.ts'

// The Account page at 1280 px (tests/e2e/account-page.ts).
accountPageTests()
