import { stockAndOrderTests } from '#tests/e2e/stock-orders.ts'

// Stock and the order's life at 390 px (tests/e2e/stock-orders.ts).
stockAndOrderTests()
