import { createRemoteJWKSet, errors, jwtVerify } from 'jose'

import type { ApiConfig } from '../kernel/config'
import { HttpError, notFound, unauthorized } from '../kernel/http-error'

export interface GoogleIdentity {
  sub: string
  email: string
  emailVerified: boolean
  firstName: string
  lastName: string
  picture: string | null
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

function keySet(url: string) {
  let set = keySets.get(url)
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 })
    keySets.set(url, set)
  }
  return set
}

/** Verifies a Google ID token's signature (Google's JWKS), issuer, audience and expiry. */
export async function verifyGoogleIdToken(config: ApiConfig, idToken: string): Promise<GoogleIdentity> {
  if (!config.GOOGLE_CLIENT_ID) throw notFound('Google sign-in is not configured on this server.')
  let payload
  try {
    ;({ payload } = await jwtVerify(idToken, keySet(config.GOOGLE_JWKS_URL), {
      issuer: config.GOOGLE_ISSUERS,
      audience: config.GOOGLE_CLIENT_ID,
      algorithms: ['RS256'],
    }))
  } catch (error) {
    throw describeFailure(error)
  }
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
    throw unauthorized('The Google token carries no account e-mail.')
  }
  return {
    sub: payload.sub,
    email: payload.email.toLowerCase(),
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    firstName: typeof payload.given_name === 'string' ? payload.given_name : '',
    lastName: typeof payload.family_name === 'string' ? payload.family_name : '',
    picture: typeof payload.picture === 'string' ? payload.picture : null,
  }
}

function describeFailure(error: unknown) {
  if (error instanceof errors.JWTExpired) return unauthorized('The Google token has expired.')
  if (error instanceof errors.JWTClaimValidationFailed) {
    return unauthorized(`The Google token's ${error.claim} claim is not accepted.`)
  }
  if (error instanceof errors.JWKSTimeout || (error instanceof Error && !(error instanceof errors.JOSEError))) {
    return new HttpError(503, { detail: 'Google could not be reached to verify the sign-in.' })
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return unauthorized('The Google token signature is not valid.')
  }
  return unauthorized('The Google token is not valid.')
}
