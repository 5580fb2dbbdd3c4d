// The commands of `npm run admin` (scripts/admin.ts), apart from the terminal and the
// database connection, so tests run them against a test store.
// docs/spec/rulings.md #25: admin accounts are made here, never by registration.
import { parseArgs } from 'node:util'
import type { AuthService } from '#server/auth/service.ts'
import { isAppError } from '#server/http/errors.ts'

export const ADMIN_USAGE = `Usage:
  npm run admin -- create --email EMAIL --name NAME
      Creates an admin account. The password comes from ADMIN_PASSWORD, or is asked
      for on the terminal (twice, without echo). The same rules as registration apply.
  npm run admin -- promote --email EMAIL
      Makes an existing account an admin. Its email address must be verified (the
      welcome email's link, or "Forgot password?" on the login page). Every session
      of the account ends; it signs in again.
  npm run admin -- demote --email EMAIL
      Makes an admin a customer again. Every session of the account ends.
  npm run admin -- reset-2fa --email EMAIL
      Turns two-factor sign-in off for the account (a lost phone): its secret and
      recovery codes are deleted and every session ends. It signs in with its password
      and sets two-factor sign-in up again on the console's Security page.`

/** The commands that name an account by its email and nothing else. */
const byEmail = ['promote', 'demote', 'reset-2fa'] as const

export type AdminCommand =
  { command: 'create'; email: string; name: string } | { command: (typeof byEmail)[number]; email: string }

const isByEmail = (command: string | undefined): command is (typeof byEmail)[number] =>
  (byEmail as readonly (string | undefined)[]).includes(command)

export class UsageError extends Error {}

/** Reads the command line; a mistake throws UsageError naming it. */
export function parseAdminArgs(argv: string[]): AdminCommand {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { email: { type: 'string' }, name: { type: 'string' } },
    })
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err))
  }
  const { positionals, values } = parsed
  const [command, ...rest] = positionals
  if (rest.length > 0) throw new UsageError(`Unexpected argument '${rest[0]}'`)
  const email = values.email?.trim()
  if (command === 'create') {
    const name = values.name?.trim()
    if (!email) throw new UsageError('create needs --email')
    if (!name) throw new UsageError('create needs --name')
    return { command, email, name }
  }
  if (isByEmail(command)) {
    if (!email) throw new UsageError(`${command} needs --email`)
    if (values.name !== undefined) throw new UsageError(`${command} takes only --email`)
    return { command, email }
  }
  throw new UsageError(command ? `Unknown command '${command}'` : `Name a command: create, ${byEmail.join(', ')}`)
}

export interface AdminIo {
  /** The new admin's password: ADMIN_PASSWORD, or asked for on the terminal. */
  password(): Promise<string>
  out(line: string): void
  err(line: string): void
}

/** Runs one command; answers the process's exit code (0 done, 1 refused). */
export async function runAdminCommand(
  command: AdminCommand,
  auth: Pick<AuthService, 'createAdmin' | 'promote' | 'demote' | 'resetTwoFactor'>,
  io: AdminIo,
): Promise<number> {
  try {
    if (command.command === 'create') {
      const password = await io.password()
      const user = await auth.createAdmin({ name: command.name, email: command.email, password })
      io.out(`Created the admin account ${user.email} (${user.name}). Sign in at /login.`)
      return 0
    }
    if (command.command === 'promote') {
      const { user, changed } = await auth.promote(command.email)
      io.out(
        changed
          ? `${user.email} (${user.name}) is now an admin; its sessions have ended, so it signs in again.`
          : `${user.email} is already an admin.`,
      )
      return 0
    }
    if (command.command === 'reset-2fa') {
      const { user, changed } = await auth.resetTwoFactor(command.email)
      io.out(
        changed
          ? `Two-factor sign-in is off for ${user.email}; its sessions have ended. It signs in with its password and sets it up again under Security.`
          : `${user.email} had no two-factor sign-in; its sessions have ended.`,
      )
      return 0
    }
    const { user, changed } = await auth.demote(command.email)
    io.out(
      changed
        ? `${user.email} (${user.name}) is a customer again; its sessions have ended.`
        : `${user.email} is not an admin.`,
    )
    return 0
  } catch (err) {
    if (!isAppError(err)) throw err
    io.err(err.message)
    // Every field's problem, not only the first one.
    for (const [field, message] of Object.entries(err.fields ?? {}))
      if (message !== err.message) io.err(`  ${field}: ${message}`)
    return 1
  }
}
