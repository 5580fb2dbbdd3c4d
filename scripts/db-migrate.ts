import '#server/node-env.ts'
import { loadConfig } from '#server/config.ts'
import { connect, migrateToLatest } from '#server/db/database.ts'

const config = loadConfig()
const connection = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
await migrateToLatest(connection)
await connection.close()
console.log(`Migrated the ${connection.dialect} database.`)
