// `npm run orders -- export [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--status S] [--out FILE]`:
// the accountant's CSV of orders (README, "Orders export"), as the console's Export gives
// it, to FILE or to the terminal. Reads the store's settings as `npm start` does.
import '#server/node-env.ts'
import fs from 'node:fs'
import { finished } from 'node:stream/promises'
import { adminOrdersExportSchema } from '#contracts/admin.ts'
import { loadConfig } from '#server/config.ts'
import { connect, migrateToLatest } from '#server/db/database.ts'
import { createServices } from '#server/services.ts'
import { createLogger } from '#server/http/logger.ts'

const USAGE =
  'Usage: npm run orders -- export [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--status "Delivered"] [--out FILE]'

const [command, ...args] = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? undefined : args[at + 1]
}
const parsed = adminOrdersExportSchema.safeParse({ from: option('from'), to: option('to'), status: option('status') })
if (command !== 'export' || !parsed.success) {
  console.error(parsed.success ? USAGE : `${parsed.error.issues.map((i) => i.message).join('; ')}\n${USAGE}`)
  process.exit(1)
}

const config = loadConfig()
const connection = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  await migrateToLatest(connection)
  const services = createServices({
    db: connection.db,
    dialect: connection.dialect,
    config,
    logger: createLogger('silent'),
  })
  const out = option('out')
  const sink = out ? fs.createWriteStream(out) : process.stdout
  for await (const chunk of services.admin.ordersCsv(parsed.data)) {
    if (!sink.write(chunk)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()))
  }
  if (out) {
    ;(sink as fs.WriteStream).end()
    await finished(sink)
    console.error(`Wrote the orders to ${out}`)
  }
  await services.close()
} finally {
  await connection.close()
}
