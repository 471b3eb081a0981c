import { and, eq, isNull, sql } from 'drizzle-orm'

import type { Database } from '../db/database'
import { refreshTokens, users } from '../db/schema'
import type { Deps } from '../kernel/context'
import { unauthorized } from '../kernel/http-error'
import { hashRefreshToken, issueAccessToken, newFamilyId, newRefreshToken, successorRefreshToken } from './tokens'

const invalidRefresh = () => unauthorized('Token is invalid or expired', 'token_not_valid')

/** Issues an access token and a refresh token, of a new family. */
export async function issueTokens(deps: Deps, userId: number) {
  const refresh = newRefreshToken()
  const familyId = newFamilyId()
  await deps.db.insert(refreshTokens).values(refreshRow(deps, userId, familyId, refresh.hash))
  return { access: await issueAccessToken(deps.config, { userId, familyId }, deps.clock.now()), refresh: refresh.token }
}

const refreshRow = ({ config, clock }: Deps, userId: number, familyId: string, tokenHash: string) => ({
  userId,
  tokenHash,
  familyId,
  expiresAt: new Date(clock.now().getTime() + config.REFRESH_TOKEN_TTL_SECONDS * 1000),
})

/**
 * How long a rotated refresh token still answers with its successor: two requests of one browser
 * (tabs, or parallel loads reaching different web processes) that both found the access token
 * expired refresh the same token, and the second must not look like a thief's replay. Outside the
 * window a rotated token is a replay. The same trade-off as Auth0's "reuse interval".
 */
export const REFRESH_REUSE_SECONDS = 30

// A token rotated again and again within the window (a burst of refreshes) is followed this far.
const MAX_REUSE_STEPS = 5

/**
 * Exchanges a refresh token for a new pair. A token rotated within the reuse window answers the
 * successor it was rotated to (followed while that was rotated too); any other rotated or revoked
 * token is a replay: the whole family is revoked so that whoever holds any token of it is signed out.
 * The successor is written in the rotation's transaction, so a second rotation always finds it.
 */
export async function rotateRefreshToken(deps: Deps, token: string) {
  const { db, config, clock } = deps
  const now = clock.now()
  const reusableSince = new Date(now.getTime() - REFRESH_REUSE_SECONDS * 1000)
  const outcome = await db.transaction(async (tx) => {
    const find = async (candidate: string) => {
      const [row] = await tx
        .select({ token: refreshTokens, userActive: users.isActive })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(candidate)))
        .for('update')
      return row
    }
    const revokeFamily = async (familyId: string) => {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      return null
    }
    let current = token
    let row = await find(current)
    if (!row) return null
    const { familyId } = row.token
    for (let step = 0; row.token.rotatedAt; step++) {
      // Rotated, and not just now: a replay of a token someone already used.
      if (row.token.rotatedAt < reusableSince || row.token.revokedAt || step === MAX_REUSE_STEPS)
        return revokeFamily(familyId)
      current = successorRefreshToken(config, current).token
      row = await find(current)
      if (!row) return revokeFamily(familyId)
    }
    if (row.token.revokedAt) return revokeFamily(familyId)
    if (row.token.expiresAt <= now || !row.userActive) return null
    // Reached through the reuse window: the session goes on with this token as it is.
    if (current !== token) return { userId: row.token.userId, familyId, refresh: current }
    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.token.id))
    const successor = successorRefreshToken(config, current)
    await tx.insert(refreshTokens).values(refreshRow(deps, row.token.userId, familyId, successor.hash))
    return { userId: row.token.userId, familyId, refresh: successor.token }
  })
  if (!outcome) throw invalidRefresh()
  const access = await issueAccessToken(config, { userId: outcome.userId, familyId: outcome.familyId }, now)
  return { access, refresh: outcome.refresh }
}

/** Ends every session a user has open, wherever it was opened (a password reset, a disabled account). */
export const endSessions = (db: Database, userId: number, now: Date) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))

/**
 * Ends every session of a user, the caller's own included, and opens a fresh one for the caller: a
 * copy of the caller's cookie or tokens (whoever made it) stops working too.
 */
export async function restartSessions(deps: Deps, userId: number) {
  await endSessions(deps.db, userId, new Date())
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
