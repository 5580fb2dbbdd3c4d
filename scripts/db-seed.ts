import { loadConfig } from '#server/config.ts'
import { connect, migrateToLatest } from '#server/db/database.ts'
import { seedCatalog } from '#demo/seed.ts'
import { demoCatalog } from '#demo/catalog.ts'

const config = loadConfig()
const connection = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
await migrateToLatest(connection)
const added = await seedCatalog(connection, demoCatalog)
await connection.close()
console.log(added ? `Seeded ${added} demo products.` : 'The catalog already has products; nothing seeded.')
