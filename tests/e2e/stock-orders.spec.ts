import { stockAndOrderTests } from '#tests/e2e/stock-orders.ts'

// Stock and the order's life at 1280 px (tests/e2e/stock-orders.ts).
stockAndOrderTests()
