// The product list's writer (server/catalog/product-list.ts), a process of its own:
// its own database connection and heap, all returned to the system when it exits.
import { connect, type DatabaseOptions, type Dialect } from '#server/db/database.ts'
import { writeProductList } from '#server/catalog/product-list.ts'

process.once('message', (message) => {
  const { database, dialect, dir } = message as { database: DatabaseOptions; dialect: Dialect; dir: string }
  void write()
  async function write() {
    const connection = connect({ ...database, ...(dialect === 'postgres' ? { poolSize: 1 } : {}) })
    try {
      const file = await writeProductList(connection.db, dialect, dir)
      await new Promise<void>((resolve, reject) => process.send!(file, (err) => (err ? reject(err) : resolve())))
    } catch (err) {
      process.stderr.write(
        JSON.stringify({
          time: new Date().toISOString(),
          level: 'error',
          msg: 'product list not written',
          err: String(err),
        }) + '\n',
      )
      process.exitCode = 1
    } finally {
      await connection.close()
      process.disconnect()
    }
  }
})
