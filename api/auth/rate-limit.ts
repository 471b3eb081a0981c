import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm'

import { loginFailures } from '../db/schema'
import type { Deps } from '../kernel/context'
import { HttpError } from '../kernel/http-error'

/**
 * Who a sign-in attempt is against: the account (whatever name or e-mail was typed for it), or the
 * typed name when no account has it, so unknown names are limited alike and reveal nothing.
 */
export type LoginTarget = { userId: number } | { name: string }

const accountKey = (target: LoginTarget) =>
  'userId' in target ? `account:${target.userId}` : `name:${target.name.trim().toLowerCase()}`
const addressKey = (address: string) => `addr:${address}`
const pairKey = (target: LoginTarget, address: string) => `${accountKey(target)}@${address}`

const windowStart = (windowSeconds: number, now: Date) => new Date(now.getTime() - windowSeconds * 1000)

const tooMany = (windowSeconds: number) =>
  new HttpError(
    429,
    { detail: `Too many failed sign-in attempts. Please try again in ${Math.ceil(windowSeconds / 60)} minutes.` },
    { 'Retry-After': String(windowSeconds) },
  )

/**
 * The sign-in throttle (docs/decisions/002). Within the window:
 * - an address with LOGIN_MAX_FAILURES_PER_ADDRESS failures (any accounts) is refused;
 * - an account is refused from an address that failed against it LOGIN_MAX_FAILURES_PER_ACCOUNT
 *   times: someone else's failures never lock its owner out elsewhere;
 * - an account that failed LOGIN_ACCOUNT_FAILURE_CEILING times in all is under a distributed attack:
 *   it is only tried from addresses with no recent failure at all, so each new address gets one guess
 *   (the owner, signing in from their usual clean address, still gets in).
 */
export async function assertLoginAllowed({ db, config, clock }: Deps, target: LoginTarget, address: string) {
  const since = windowStart(config.LOGIN_FAILURE_WINDOW_SECONDS, clock.now())
  const keys = { account: accountKey(target), address: addressKey(address), pair: pairKey(target, address) }
  const [counts] = await db
    .select({
      account: sql<number>`count(*) filter (where ${loginFailures.key} = ${keys.account})`.mapWith(Number),
      address: sql<number>`count(*) filter (where ${loginFailures.key} = ${keys.address})`.mapWith(Number),
      pair: sql<number>`count(*) filter (where ${loginFailures.key} = ${keys.pair})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, Object.values(keys)), gt(loginFailures.createdAt, since)))
  const { account = 0, address: fromAddress = 0, pair = 0 } = counts ?? {}
  const refused =
    fromAddress >= config.LOGIN_MAX_FAILURES_PER_ADDRESS ||
    pair >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT ||
    (account >= config.LOGIN_ACCOUNT_FAILURE_CEILING && fromAddress > 0)
  if (refused) throw tooMany(config.LOGIN_FAILURE_WINDOW_SECONDS)
}

export async function recordLoginFailure({ db, config, clock }: Deps, target: LoginTarget, address: string) {
  // Stamped with the deps' clock rather than the database's now(), so the window is measured on one clock.
  const createdAt = clock.now()
  const cutoff = windowStart(config.LOGIN_FAILURE_WINDOW_SECONDS, createdAt)
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, cutoff))
  await db
    .insert(loginFailures)
    .values([accountKey(target), addressKey(address), pairKey(target, address)].map((key) => ({ key, createdAt })))
}

/**
 * A correct sign-in forgives the owner's own typos from this address only; failures against the
 * account from elsewhere keep counting towards its ceiling.
 */
export async function clearLoginFailures({ db }: Deps, target: LoginTarget, address: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, pairKey(target, address)))
}
