import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'

import { requireRole } from '../auth/access'
import type { Database } from '../db/database'
import { type AuditAction, auditEvents, memberships, users } from '../db/schema'
import { rowsOf } from '../db/sql-values'
import type { Clock, Deps, OrgCaller } from '../kernel/context'
import type { AuditQuerySchema } from './schema'

/** What an action did, as the log keeps it. */
export interface AuditEntry {
  action: AuditAction
  /** Whom or what it was done to, in words: an e-mail address, a member's name, a document's title. */
  target: string
  details?: Record<string, unknown>
}

/** Who did it: the caller of the request. */
export interface Actor {
  userId: number
}

/** A person as the log names them: full name, else username (what they were called then). */
export const personName = (user: { firstName: string; lastName: string; username: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username

/**
 * Inserts an event for each row of `source` (which names the actor's row `u` and gives the
 * organization as `organization_id`), the actor's name and e-mail copied from their row in the same
 * statement. Plain SQL: drizzle's typed INSERT … SELECT wants the identity column selected too.
 */
async function insertEvents(db: Database, clock: Clock, entry: AuditEntry, source: SQL) {
  const result = await db.execute(sql`
    insert into ${auditEvents} (organization_id, actor_id, actor_name, actor_email, action, target, details, created_at)
    select source.organization_id, u.id,
      coalesce(nullif(concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, '')), ''), u.username),
      u.email, ${entry.action}::text, ${entry.target}::text, ${JSON.stringify(entry.details ?? {})}::jsonb,
      ${clock.now().toISOString()}::timestamptz
    from ${source}
    returning id`)
  return rowsOf(result).map((row) => Number(row.id))
}

/**
 * Records an action done in one organization. Call it with the transaction of the action, so the
 * event is written if and only if the action is. The time is the backend's clock (tests move it).
 * Answers the event's id (for undoing an action whose e-mail could not be sent).
 */
export async function recordEvent(db: Database, clock: Clock, actor: Actor, organizationId: number, entry: AuditEntry) {
  const source = sql`(select ${organizationId}::integer as organization_id) source
    join ${users} u on u.id = ${actor.userId}`
  const [id] = await insertEvents(db, clock, entry, source)
  if (id === undefined) throw new Error(`audit: no user ${actor.userId} to record ${entry.action} for`)
  return id
}

/**
 * Records a change to the actor's own account (e-mail, password) in every organization they belong
 * to: each organization's admins see their members' account changes (decision 019).
 */
export async function recordAccountEvent(db: Database, clock: Clock, actor: Actor, entry: AuditEntry) {
  const source = sql`${memberships} source join ${users} u on u.id = source.user_id
    where source.user_id = ${actor.userId}`
  await insertEvents(db, clock, entry, source)
}

/** How the log names the operator's commands (`npm run accounts`), which no user of the app runs. */
export const COMMAND_LINE_ACTOR = 'Command line'

/** Records an action of the operator's command line in one organization: it has no user row. */
export async function recordOperatorEvent(db: Database, clock: Clock, organizationId: number, entry: AuditEntry) {
  await db.insert(auditEvents).values({
    organizationId,
    actorId: null,
    actorName: COMMAND_LINE_ACTOR,
    actorEmail: '',
    action: entry.action,
    target: entry.target,
    details: entry.details ?? {},
    createdAt: clock.now(),
  })
}

/** Removes events recorded for an action that was then undone (its e-mail could not be sent). */
export async function discardEvents(db: Database, ids: number[]) {
  if (ids.length) await db.delete(auditEvents).where(inArray(auditEvents.id, ids))
}

/**
 * One page of the caller's organization's events, newest first (admins only: the caller is checked
 * here, not only by the route), with how many there are in all.
 */
export async function listAuditEvents({ db }: Deps, caller: OrgCaller, query: z.infer<typeof AuditQuerySchema>) {
  requireRole(caller, ['admin'])
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, caller.organizationId))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ count: count() }).from(auditEvents).where(eq(auditEvents.organizationId, caller.organizationId)),
  ])
  return { rows, count: total?.count ?? 0 }
}
