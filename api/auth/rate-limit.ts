import { and, count, eq, gt, inArray, lt } from 'drizzle-orm'
import type { Deps } from '../context'
import { loginFailures } from '../db/schema'
import { HttpError } from '../http-error'

export const usernameKey = (username: string) => `user:${username.trim().toLowerCase()}`
export const addressKey = (address: string) => `addr:${address}`

/** Refuses a sign-in while the username or the client address has too many recent failures. */
export async function assertLoginAllowed({ db, config }: Deps, username: string, address: string) {
  const since = new Date(Date.now() - config.LOGIN_FAILURE_WINDOW_SECONDS * 1000)
  const limits = [
    [usernameKey(username), config.LOGIN_MAX_FAILURES_PER_USERNAME],
    [addressKey(address), config.LOGIN_MAX_FAILURES_PER_ADDRESS],
  ] as const
  for (const [key, limit] of limits) {
    const [row] = await db
      .select({ failures: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since)))
    if ((row?.failures ?? 0) >= limit) {
      const minutes = Math.ceil(config.LOGIN_FAILURE_WINDOW_SECONDS / 60)
      throw new HttpError(
        429,
        { detail: `Too many failed sign-in attempts. Please try again in ${minutes} minutes.` },
        { 'Retry-After': String(config.LOGIN_FAILURE_WINDOW_SECONDS) },
      )
    }
  }
}

export async function recordLoginFailure({ db, config }: Deps, username: string, address: string) {
  const cutoff = new Date(Date.now() - config.LOGIN_FAILURE_WINDOW_SECONDS * 1000)
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, cutoff))
  await db.insert(loginFailures).values([{ key: usernameKey(username) }, { key: addressKey(address) }])
}

export async function clearLoginFailures({ db }: Deps, username: string) {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [usernameKey(username)]))
}
