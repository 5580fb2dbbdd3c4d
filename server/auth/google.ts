import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose'
import { AppError } from '#server/http/errors.ts'
import { errorFields, type Logger } from '#server/http/logger.ts'

/** Who a verified Google ID token says signed in: only ever read from the token (docs/spec/rulings.md #7). */
export interface GoogleIdentity {
  sub: string
  email: string
  name: string
  /**
   * Google is the authority for the address (a Gmail address, or a Workspace
   * account, which carries `hd`), so `email_verified` speaks for its current owner
   * (docs/decisions/005-google-account-linking.md).
   */
  emailAuthoritative: boolean
}

export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com']
const FAILED = 'Google sign-in failed. Please try again.'
const UNAVAILABLE = 'Google sign-in is unavailable right now. Please try again in a few minutes.'
const NAME_MAX = 80

/** Google serves its keys with a cache lifetime of about six hours; jose refetches sooner for an unknown kid. */
const KEY_CACHE_MS = 6 * 60 * 60 * 1000
/** At most one refetch per 30 s, however many unknown kids are posted. */
const KEY_COOLDOWN_MS = 30 * 1000
const KEY_FETCH_TIMEOUT_MS = 5000

/** Errors that mean "this token names no key we trust", not "we could not get the keys". */
const TOKEN_KEY_ERRORS = [errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys, errors.JOSENotSupported]

class KeySetUnavailable extends Error {}

/**
 * Builds the verifier once per process: the key set and its cache live as long as
 * it does.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string; logger: Logger }): GoogleVerifier {
  const remote = createRemoteJWKSet(new URL(options.jwksUrl), {
    cacheMaxAge: KEY_CACHE_MS,
    cooldownDuration: KEY_COOLDOWN_MS,
    timeoutDuration: KEY_FETCH_TIMEOUT_MS,
  })
  // Tells a forged or stale token (401) from Google's keys being out of reach (503).
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token)
    } catch (err) {
      if (TOKEN_KEY_ERRORS.some((type) => err instanceof type)) throw err
      throw new KeySetUnavailable('Google key set unavailable', { cause: err })
    }
  }

  return async (credential) => {
    let payload
    try {
      ;({ payload } = await jwtVerify(credential, keys, {
        algorithms: ['RS256'],
        issuer: ISSUERS,
        audience: options.clientId,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: 60,
        maxTokenAge: '1h',
      }))
    } catch (err) {
      if (err instanceof KeySetUnavailable) {
        options.logger.warn('google key set unavailable', { url: options.jwksUrl, ...errorFields(err.cause) })
        throw new AppError(503, UNAVAILABLE)
      }
      if (!(err instanceof errors.JOSEError)) {
        // Not a verdict on the token: something broke on our side.
        options.logger.warn('google token verification error', errorFields(err))
      }
      throw new AppError(401, FAILED)
    }

    const { sub, email, email_verified: emailVerified, name, hd } = payload as Record<string, unknown>
    if (typeof sub !== 'string' || sub === '' || sub.length > 255) throw new AppError(401, FAILED)
    if (emailVerified !== true) throw new AppError(401, FAILED)
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
      throw new AppError(401, FAILED)
    }
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
    const displayName = typeof name === 'string' ? name.trim().slice(0, NAME_MAX).trim() : ''
    return {
      sub,
      email,
      name: displayName || email.slice(0, email.lastIndexOf('@')).slice(0, NAME_MAX),
      emailAuthoritative:
        domain === 'gmail.com' || domain === 'googlemail.com' || (typeof hd === 'string' && hd !== ''),
    }
  }
}
