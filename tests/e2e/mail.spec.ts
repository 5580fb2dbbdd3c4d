import { mailTests } from '#tests/e2e/mail.ts'

// Email in the browser at 1280 px (tests/e2e/mail.ts).
mailTests()
