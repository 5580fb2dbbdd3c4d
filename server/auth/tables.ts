// The tables the auth domain owns: accounts, their sessions, two-factor sign-in and password
// resets. Only this domain's code reads and writes them, but for the exceptions
// docs/ARCHITECTURE.md lists (Boundaries). server/db/schema.ts joins every domain's tables into
// Kysely's Database.

export interface UsersTable {
  id: string
  name: string
  email: string
  email_normalized: string
  password_hash: string | null
  google_sub: string | null
  created_at: number
  /** 'customer' or 'admin' (docs/spec/rulings.md #25); admins are made by the CLI only. */
  role: string
  /** When the owner proved the address (a verification link, a password reset, or Google); null until then. */
  email_verified_at: number | null
  /**
   * When the password was set by someone who proved they hold the address (a reset link,
   * or the CLI creating an admin); null after registration. Promotion to admin needs it.
   */
  password_proven_at: number | null
  /** 'en' or 'ur' (contracts/languages.ts): the store's language the shopper chose; null until they do. */
  language: string | null
}

export interface SessionsTable {
  token_hash: string
  user_id: string
  created_at: number
  expires_at: number
  /** An admin's last console request (docs/decisions/019); null: none since the session began. */
  last_console_at: number | null
}

/** An account's TOTP (docs/decisions/015). */
export interface TwoFactorTable {
  user_id: string
  /** The confirmed secret (base32); null while only a setup is pending. */
  secret: string | null
  enabled_at: number | null
  /** The time step (30 s) of the last code accepted: no code at or before it is accepted again. */
  last_step: number | null
  /** A setup shown to the admin and not yet confirmed with a code. */
  pending_secret: string | null
  pending_at: number | null
}

export interface RecoveryCodesTable {
  user_id: string
  /** sha256 of the code as shown, lower case without dashes. */
  code_hash: string
  used_at: number | null
}

/** The Login page's code step: a correct password waiting for its code. */
export interface LoginChallengesTable {
  token_hash: string
  user_id: string
  /** sha256 of the account's password hash when the challenge was made: a password change voids it. */
  password_mark: string
  created_at: number
  expires_at: number
}

/** A password-reset token, by its SHA-256; used once, within the hour. */
export interface PasswordResetsTable {
  token_hash: string
  user_id: string
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface AuthTables {
  users: UsersTable
  sessions: SessionsTable
  two_factor: TwoFactorTable
  recovery_codes: RecoveryCodesTable
  login_challenges: LoginChallengesTable
  password_resets: PasswordResetsTable
}
