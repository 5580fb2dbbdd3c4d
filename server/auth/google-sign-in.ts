import { randomUUID } from 'node:crypto'
import { AppError } from '#server/http/errors.ts'
import { normalizeEmail } from '#contracts/fields.ts'
import type { User } from '#contracts/auth.ts'
import * as repo from '#server/auth/repository.ts'
import type { GoogleIdentity } from '#server/auth/google.ts'
import { emailLanguage, welcomeEmail } from '#server/mail/templates.ts'
import { toUser, tooMany, type AuthContext, type NewSession } from '#server/auth/context.ts'

// Signing in with Google (docs/decisions/005-google-account-linking.md).

const GOOGLE_WITH_TWO_FACTOR =
  'This account signs in with its password and a code from your authenticator app. Please log in with your email and password.'

export function createGoogleSignIn(ctx: AuthContext) {
  const { db, now, mail, loginByAddress, verifyGoogle, startSession, enrolledSecret } = ctx

  /**
   * The account a verified Google identity signs in to: keyed by `sub`; on first
   * sign-in joined to the account with the same address when Google is the
   * authority for it (docs/decisions/005-google-account-linking.md), else created.
   */
  async function accountForGoogle(identity: GoogleIdentity): Promise<User> {
    const emailNormalized = normalizeEmail(identity.email)
    // A further pass only follows a concurrent first sign-in that won a unique index.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const known = await repo.findUserByGoogleSub(db, identity.sub)
      if (known) return toUser(known)

      const sameEmail = await repo.findUserByEmail(db, emailNormalized)
      if (sameEmail) {
        if (sameEmail.google_sub !== null && sameEmail.google_sub !== identity.sub) {
          throw new AppError(409, 'This email is linked to another Google account')
        }
        if (!identity.emailAuthoritative) {
          throw new AppError(409, 'An account with this email already exists. Please log in with your password.')
        }
        // Linking would drop the account's password; one with two-factor sign-in keeps it.
        await refuseGoogleWithTwoFactor(sameEmail.id)
        try {
          const linked = await db
            .transaction()
            .execute((trx) => repo.linkGoogleSub(trx, sameEmail.id, identity.sub, now()))
          if (linked) return toUser({ ...sameEmail, email_verified_at: sameEmail.email_verified_at ?? now() })
        } catch (err) {
          if (attempt >= 3) throw err
        }
        continue
      }

      const row: repo.UserRow = {
        id: randomUUID(),
        name: identity.name,
        email: identity.email,
        email_normalized: emailNormalized,
        password_hash: null,
        google_sub: identity.sub,
        created_at: now(),
        role: 'customer',
        // Google verified the address.
        email_verified_at: now(),
        password_proven_at: null,
        language: null,
      }
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertUser(trx, row)
          if (mail)
            await mail.enqueue(
              trx,
              'welcome',
              row.email,
              await welcomeEmail(mail.store, emailLanguage(row.language), row.name, null),
              { userId: row.id },
            )
        })
        return toUser(row)
      } catch (err) {
        if (attempt >= 3) throw err
      }
    }
    throw new Error('Google sign-in could not settle on an account')
  }

  /** Google sign-in never skips the code: an account with two-factor sign-in uses its password (docs/decisions/015). */
  async function refuseGoogleWithTwoFactor(userId: string): Promise<void> {
    if (await enrolledSecret(userId)) throw new AppError(403, GOOGLE_WITH_TWO_FACTOR)
  }

  return {
    /** docs/spec/rulings.md #7: only the verified ID token identifies the person. */
    async googleLogin(credential: string, clientAddress: string, replacing: string | undefined): Promise<NewSession> {
      if (!verifyGoogle) throw new AppError(503, 'Google sign-in is not configured')
      // Counted before the token is checked, like a password, and given back unless the
      // token is refused: exact across instances, and a burst meets the limit too.
      const wait = await loginByAddress.consume(clientAddress)
      if (wait > 0) throw tooMany(wait, 'failed sign-in attempts')

      let identity: GoogleIdentity
      try {
        identity = await verifyGoogle(credential)
      } catch (err) {
        // A rejected token counts like a wrong password; Google being out of reach does not.
        if (!(err instanceof AppError && err.status === 401)) await loginByAddress.refund(clientAddress)
        throw err
      }
      await loginByAddress.refund(clientAddress)
      const user = await accountForGoogle(identity)
      await refuseGoogleWithTwoFactor(user._id)
      return startSession(user, replacing)
    },
  }
}
