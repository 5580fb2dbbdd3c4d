import { mailTests } from '#tests/e2e/mail.ts'

// Email in the browser at 390 px (tests/e2e/mail.ts).
mailTests()
