import { createHash, randomBytes, randomUUID } from 'node:crypto'

import { jwtVerify, SignJWT } from 'jose'

import type { ApiConfig } from '../config'
import { unauthorized } from '../http-error'

export interface AccessClaims {
  userId: number
  familyId: string
}

const secretKey = (config: ApiConfig) => new TextEncoder().encode(config.JWT_SECRET)

/** `now` is the deps' clock, as for verification: a token's lifetime is measured on one clock. */
export async function issueAccessToken(config: ApiConfig, claims: AccessClaims, now: Date) {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({ fam: claims.familyId, token_type: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setJti(randomUUID())
    .setExpirationTime(issuedAt + config.ACCESS_TOKEN_TTL_SECONDS)
    .sign(secretKey(config))
}

export async function verifyAccessToken(config: ApiConfig, token: string, now: Date): Promise<AccessClaims> {
  try {
    // A token without an expiry would never end: refuse it even if its signature is ours.
    const { payload } = await jwtVerify(token, secretKey(config), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
      currentDate: now,
    })
    if (payload.token_type !== 'access' || typeof payload.fam !== 'string') throw new Error('wrong type')
    const userId = Number(payload.sub)
    if (!Number.isInteger(userId)) throw new Error('bad subject')
    return { userId, familyId: payload.fam }
  } catch {
    throw unauthorized('Given token not valid for any token type', 'token_not_valid')
  }
}

/** Refresh tokens are opaque random strings; only their hash is stored. */
export function newRefreshToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashRefreshToken(token) }
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const newFamilyId = () => randomUUID()
