import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'

import { jwtVerify, SignJWT } from 'jose'

import type { ApiConfig } from '../kernel/config'
import { unauthorized } from '../kernel/http-error'

export interface AccessClaims {
  userId: number
  familyId: string
}

const keys = new Map<string, Promise<CryptoKey>>()

/** The signing key, imported into WebCrypto once per secret rather than on every token. */
function secretKey({ JWT_SECRET }: ApiConfig) {
  let key = keys.get(JWT_SECRET)
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(JWT_SECRET),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    keys.set(JWT_SECRET, key)
  }
  return key
}

/** `now` is the deps' clock, as for verification: a token's lifetime is measured on one clock. */
export async function issueAccessToken(config: ApiConfig, claims: AccessClaims, now: Date) {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({ fam: claims.familyId, token_type: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setJti(randomUUID())
    .setExpirationTime(issuedAt + config.ACCESS_TOKEN_TTL_SECONDS)
    .sign(await secretKey(config))
}

// Tokens whose signature was checked, per secret: a page's calls and a client's next requests carry
// the same token, and checking it again would answer the same. Expiry is checked on every use.
const verified = new Map<string, Map<string, { claims: AccessClaims; expiresAt: number }>>()
const VERIFIED_KEPT = 10_000

export async function verifyAccessToken(config: ApiConfig, token: string, now: Date): Promise<AccessClaims> {
  let known = verified.get(config.JWT_SECRET)
  if (!known) verified.set(config.JWT_SECRET, (known = new Map()))
  const hit = known.get(token)
  if (hit && hit.expiresAt > now.getTime() / 1000) return hit.claims
  try {
    // A token without an expiry would never end: refuse it even if its signature is ours.
    const { payload } = await jwtVerify(token, await secretKey(config), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
      currentDate: now,
    })
    if (payload.token_type !== 'access' || typeof payload.fam !== 'string') throw new Error('wrong type')
    const userId = Number(payload.sub)
    if (!Number.isInteger(userId)) throw new Error('bad subject')
    const claims = { userId, familyId: payload.fam }
    if (known.size >= VERIFIED_KEPT) known.delete(known.keys().next().value!)
    known.set(token, { claims, expiresAt: payload.exp! })
    return claims
  } catch {
    throw unauthorized('Given token not valid for any token type', 'token_not_valid')
  }
}

/** Refresh tokens are opaque random strings; only their hash is stored. */
export function newRefreshToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashRefreshToken(token) }
}

/**
 * The token that replaces `token` when it is rotated: derived from it under the server's secret
 * rather than drawn at random, so a second rotation of the same token within the reuse window (two
 * tabs, or two web processes, refreshing one session at once) answers the same successor without
 * the database keeping any token in the clear.
 */
export function successorRefreshToken({ JWT_SECRET }: ApiConfig, token: string) {
  const successor = createHmac('sha256', JWT_SECRET).update(`refresh-successor\0${token}`).digest('base64url')
  return { token: successor, hash: hashRefreshToken(successor) }
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const newFamilyId = () => randomUUID()
