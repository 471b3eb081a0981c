import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { ApiConfig } from '../config'
import { unauthorized } from '../http-error'

export interface AccessClaims {
  userId: number
  familyId: string
}

const secretKey = (config: ApiConfig) => new TextEncoder().encode(config.JWT_SECRET)

export async function issueAccessToken(config: ApiConfig, claims: AccessClaims) {
  return new SignJWT({ fam: claims.familyId, token_type: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + config.ACCESS_TOKEN_TTL_SECONDS)
    .sign(secretKey(config))
}

export async function verifyAccessToken(config: ApiConfig, token: string): Promise<AccessClaims> {
  try {
    // A token without an expiry would never end: refuse it even if its signature is ours.
    const { payload } = await jwtVerify(token, secretKey(config), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] })
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
