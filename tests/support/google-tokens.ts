import type { JWTPayload } from 'jose'

export interface GooglePerson {
  sub: string
  email: string
  name: string
}

export const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * The claims Google puts in an ID token for `person` and the client `clientId`, valid
 * for an hour from now; `overrides` replace claims, and `undefined` removes one.
 * Shared by the API and the browser tests of Google sign-in.
 */
export function googleClaims(person: GooglePerson, clientId: string, overrides: JWTPayload = {}): JWTPayload {
  const now = nowSeconds()
  const claims: JWTPayload = {
    iss: 'https://accounts.google.com',
    azp: clientId,
    aud: clientId,
    sub: person.sub,
    email: person.email,
    email_verified: true,
    name: person.name,
    iat: now,
    exp: now + 3600,
    ...overrides,
  }
  for (const [claim, value] of Object.entries(claims)) if (value === undefined) delete claims[claim]
  return claims
}
