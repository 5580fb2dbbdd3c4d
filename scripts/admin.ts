// `npm run admin -- create --email E --name N` and `npm run admin -- promote --email E`:
// the store's admin accounts (docs/spec/rulings.md #25). The commands themselves are in
// scripts/admin-commands.ts; this file reads the terminal and opens the database.
import '#server/node-env.ts'
import { loadConfig } from '#server/config.ts'
import { connect, migrateToLatest } from '#server/db/database.ts'
import { createAuthService } from '#server/auth/service.ts'
import { ADMIN_USAGE, parseAdminArgs, runAdminCommand, UsageError, type AdminCommand } from '#scripts/admin-commands.ts'

/** The password could not be read: the run ends with this message and nothing changes. */
class PasswordInputError extends Error {}

let command: AdminCommand
try {
  command = parseAdminArgs(process.argv.slice(2))
} catch (err) {
  if (!(err instanceof UsageError)) throw err
  console.error(`${err.message}\n\n${ADMIN_USAGE}`)
  process.exit(1)
}

const config = loadConfig()
const connection = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  await migrateToLatest(connection)
  process.exitCode = await runAdminCommand(command, createAuthService(connection.db, config), {
    password: newPassword,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
} catch (err) {
  if (!(err instanceof PasswordInputError)) throw err
  console.error(err.message)
  process.exitCode = 1
} finally {
  await connection.close()
}

/** ADMIN_PASSWORD when set; otherwise asked twice on the terminal, never echoed. */
async function newPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD
  if (fromEnv) return fromEnv
  if (!process.stdin.isTTY) {
    throw new PasswordInputError('No terminal to ask for the password on: set ADMIN_PASSWORD.')
  }
  const first = await askHidden('Password for the new admin: ')
  const again = await askHidden('The same password again: ')
  if (first !== again) throw new PasswordInputError('The two passwords differ; nothing was created.')
  return first
}

/** Reads one line from the terminal in raw mode, so the typed characters are not shown. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin
  return new Promise((resolve, reject) => {
    let value = ''
    const finish = (outcome: () => void) => {
      input.off('data', onData)
      input.setRawMode(false)
      input.pause()
      process.stdout.write('\n')
      outcome()
    }
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish(() => resolve(value))
        if (ch === '\u0003') return finish(() => reject(new PasswordInputError('Cancelled; nothing was created.')))
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('')
        else if (ch >= ' ') value += ch
      }
    }
    process.stdout.write(question)
    input.setEncoding('utf8')
    input.setRawMode(true)
    input.resume()
    input.on('data', onData)
  })
}
