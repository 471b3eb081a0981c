import { and, count, eq, gt, min, sql } from 'drizzle-orm'

import type { Database } from '../db/database'
import { auditEvents } from '../db/schema'
import type { Caller, Deps } from '../kernel/context'
import { HttpError } from '../kernel/http-error'

const WINDOW_MS = 24 * 60 * 60 * 1000
// An advisory lock class in the two-key form, apart from chat-limits.ts's (26_001 and 26_002).
const USER_LOCK = 47_001

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/** A wait in words, rounded up: minutes under an hour, else hours. */
function waitInWords(seconds: number) {
  const minutes = Math.ceil(seconds / 60)
  return minutes < 60 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour')
}

/**
 * Refuses, with 429 and `Retry-After`, an organization past the caller's allowance of
 * ORGANIZATIONS_PER_USER_PER_DAY in any 24 hours (decision 047): each organization has its own
 * share of the job worker and of OCR, so one person making organizations without end would take
 * them all. Call it first in the transaction that creates the organization: the user's advisory
 * lock makes the count and the creation one step, so requests sent together cannot all squeeze
 * under the limit, on one instance or several.
 *
 * Creations are counted from the audit log's `organization.created` events, which outlive the
 * organization (decision 019): deleting one gives no creation back.
 */
export async function admitOrganizationCreation(tx: Database, { config, clock }: Deps, caller: Caller) {
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_LOCK}, ${caller.userId})`)
  const now = clock.now()
  const since = new Date(now.getTime() - WINDOW_MS)
  const [created] = await tx
    .select({ count: count(), first: min(auditEvents.createdAt) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorId, caller.userId),
        eq(auditEvents.action, 'organization.created'),
        gt(auditEvents.createdAt, since),
      ),
    )
  const limit = config.ORGANIZATIONS_PER_USER_PER_DAY
  if ((created?.count ?? 0) < limit) return
  // One more may be made when the oldest creation of the window leaves it.
  const first = created?.first ? new Date(created.first).getTime() : now.getTime()
  const wait = Math.max(1, Math.ceil((first + WINDOW_MS - now.getTime()) / 1000))
  throw new HttpError(
    429,
    {
      detail: `You have created ${plural(limit, 'organization')} in the last 24 hours, the most allowed. You can create another in ${waitInWords(wait)}.`,
    },
    { 'Retry-After': String(wait) },
  )
}
