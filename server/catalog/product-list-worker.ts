// The product list's writer (server/catalog/product-list.ts), on a thread of its own:
// its own database connection and a bounded heap, gone once the files are written.
import { parentPort, workerData } from 'node:worker_threads'
import { connect, type DatabaseOptions, type Dialect } from '#server/db/database.ts'
import { writeProductList } from '#server/catalog/product-list.ts'

const { database, dialect, dir } = workerData as {
  database: DatabaseOptions
  dialect: Dialect
  dir: string
}
const connection = connect({ ...database, ...(dialect === 'postgres' ? { poolSize: 1 } : {}) })
try {
  parentPort!.postMessage(await writeProductList(connection.db, dialect, dir))
} finally {
  await connection.close()
}
