import { and, eq, isNull, sql } from 'drizzle-orm'

import type { Deps } from '../context'
import { preparedStatement } from '../db/prepared'
import { refreshTokens, users } from '../db/schema'
import { unauthorized } from '../http-error'
import { type AccessClaims, hashRefreshToken, issueAccessToken, newFamilyId, newRefreshToken } from './tokens'

const invalidRefresh = () => unauthorized('Token is invalid or expired', 'token_not_valid')

/**
 * The user of an access token whose session is still open, or a refusal: its refresh-token family
 * was revoked (sign-out, password change, replay) or its user was deactivated. One indexed lookup
 * (refresh_tokens_family_idx), a statement prepared once per database: `npm run bench -- --only=session`.
 */
export async function activeSessionUser({ db }: Deps, claims: AccessClaims) {
  const [open] = await sessionCheck(db).execute({ familyId: claims.familyId, userId: claims.userId })
  if (!open) throw unauthorized('This session has ended. Please sign in again.', 'token_not_valid')
  return open.user
}

const sessionCheck = preparedStatement((db) =>
  db
    .select({ user: users })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        eq(refreshTokens.familyId, sql.placeholder('familyId')),
        eq(refreshTokens.userId, sql.placeholder('userId')),
        isNull(refreshTokens.revokedAt),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('session_check'),
)

/** Issues an access token and a refresh token; a new family unless one is being rotated. */
export async function issueTokens({ db, config, clock }: Deps, userId: number, familyId: string = newFamilyId()) {
  const refresh = newRefreshToken()
  await db.insert(refreshTokens).values({
    userId,
    tokenHash: refresh.hash,
    familyId,
    expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_SECONDS * 1000),
  })
  const access = await issueAccessToken(config, { userId, familyId }, clock.now())
  return { access, refresh: refresh.token }
}

/**
 * Exchanges a refresh token for a new pair. A token that was already rotated (or revoked) is a
 * replay: the whole family is revoked so that whoever holds any token of it is signed out.
 */
export async function rotateRefreshToken(deps: Deps, token: string) {
  const { db } = deps
  const now = new Date()
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, userActive: users.isActive })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
      .for('update')
    if (!row) return { ok: false as const }
    const { token: stored } = row
    if (stored.rotatedAt || stored.revokedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, stored.familyId), isNull(refreshTokens.revokedAt)))
      return { ok: false as const }
    }
    if (stored.expiresAt <= now || !row.userActive) return { ok: false as const }
    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, stored.id))
    return { ok: true as const, userId: stored.userId, familyId: stored.familyId }
  })
  if (!outcome.ok) throw invalidRefresh()
  return issueTokens(deps, outcome.userId, outcome.familyId)
}

/**
 * Ends every session of a user, the caller's own included, and opens a fresh one for the caller: a
 * copy of the caller's cookie or tokens (whoever made it) stops working too.
 */
export async function restartSessions(deps: Deps, userId: number) {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  return issueTokens(deps, userId)
}

/** Revokes the family a refresh token belongs to; an unknown token changes nothing. */
export async function revokeRefreshFamily({ db }: Deps, token: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
  if (!row) return
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
}
