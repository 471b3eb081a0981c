import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'

import { log } from '../../runtime/log'
import type { Deps, OrgCaller } from '../context'
import { chatQuestions } from '../db/schema'
import { HttpError } from '../http-error'

/**
 * How long an answer counts as being written unless the process writing it renews it: a process
 * that dies mid-answer frees its answers this long after its last renewal.
 */
export const ANSWER_LEASE_SECONDS = 60
// Renewed three times a lease, so one late renewal (a busy event loop, a slow database) loses nothing.
const RENEW_MS = (ANSWER_LEASE_SECONDS * 1000) / 3
const WINDOW_SECONDS = 60
// When too many answers are being written, how soon to try again: most answers take seconds.
const BUSY_RETRY_SECONDS = 5
// Advisory lock classes, in the two-key form, which never meets the migrations' and seed's one-key locks.
const ORGANIZATION_LOCK = 26_001
const USER_LOCK = 26_002

/** A question let through: it counts as an answer being written until released (or its lease runs out). */
export interface AnswerSlot {
  release(): Promise<void>
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

function refuse(detail: string, retryAfterSeconds: number) {
  return new HttpError(429, { detail }, { 'Retry-After': String(retryAfterSeconds) })
}

/**
 * Lets a question through to the answerer, or refuses it with 429 and `Retry-After` (issue 30: a
 * paid model must not be an open tap). Per user (in all their organizations) and per organization:
 * questions in the last minute, and answers being written at once. Kept in the database, so several
 * instances on one PostgreSQL share the count (decision 020); the two advisory locks make the count
 * and the insert one step, so requests sent together cannot all squeeze under the limit. A refused
 * question is not counted. The answering code releases the slot when its answer ends, however it
 * ends; meanwhile a timer renews the lease.
 */
export async function admitQuestion(deps: Deps, caller: OrgCaller): Promise<AnswerSlot> {
  const { db, config, clock } = deps
  const now = clock.now()
  const since = new Date(now.getTime() - WINDOW_SECONDS * 1000)
  const leaseEnd = (from: Date) => new Date(from.getTime() + ANSWER_LEASE_SECONDS * 1000)
  const id = await db.transaction(async (tx) => {
    // Always the organization first, then the user: two requests never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(${ORGANIZATION_LOCK}, ${caller.organizationId})`)
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_LOCK}, ${caller.userId})`)
    const mine = eq(chatQuestions.userId, caller.userId)
    const ours = eq(chatQuestions.organizationId, caller.organizationId)
    const recent = gt(chatQuestions.askedAt, since)
    const answering = gt(chatQuestions.answeringUntil, now)
    // Rows that no longer count, of this organization only: under its lock no other admission reads them.
    await tx
      .delete(chatQuestions)
      .where(
        and(
          eq(chatQuestions.organizationId, caller.organizationId),
          lte(chatQuestions.askedAt, since),
          or(isNull(chatQuestions.answeringUntil), lte(chatQuestions.answeringUntil, now)),
        ),
      )
    const [counts] = await tx
      .select({
        userAsked: sql<number>`count(*) filter (where ${mine} and ${recent})`.mapWith(Number),
        userFirst: sql<Date | null>`min(${chatQuestions.askedAt}) filter (where ${mine} and ${recent})`.mapWith(
          chatQuestions.askedAt,
        ),
        userAnswering: sql<number>`count(*) filter (where ${mine} and ${answering})`.mapWith(Number),
        organizationAsked: sql<number>`count(*) filter (where ${ours} and ${recent})`.mapWith(Number),
        organizationFirst: sql<Date | null>`min(${chatQuestions.askedAt}) filter (where ${ours} and ${recent})`.mapWith(
          chatQuestions.askedAt,
        ),
        organizationAnswering: sql<number>`count(*) filter (where ${ours} and ${answering})`.mapWith(Number),
      })
      .from(chatQuestions)
      .where(or(mine, ours))
    const { userAsked = 0, userAnswering = 0, organizationAsked = 0, organizationAnswering = 0 } = counts ?? {}
    // When the oldest question of the window leaves it, one more may be asked.
    const secondsUntilOneLeaves = (first: Date | null | undefined) =>
      first ? Math.max(1, Math.ceil((first.getTime() - since.getTime()) / 1000)) : 1
    const perUser = config.CHAT_QUESTIONS_PER_MINUTE_PER_USER
    if (userAsked >= perUser) {
      const wait = secondsUntilOneLeaves(counts?.userFirst)
      throw refuse(
        `You have asked ${plural(perUser, 'question')} in the last minute, the most allowed. Please try again in ${plural(wait, 'second')}.`,
        wait,
      )
    }
    const perOrganization = config.CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION
    if (organizationAsked >= perOrganization) {
      const wait = secondsUntilOneLeaves(counts?.organizationFirst)
      throw refuse(
        `Your organization has asked ${plural(perOrganization, 'question')} in the last minute, the most allowed. Please try again in ${plural(wait, 'second')}.`,
        wait,
      )
    }
    if (userAnswering >= config.CHAT_ANSWERS_AT_ONCE_PER_USER) {
      throw refuse(
        `You already have ${plural(config.CHAT_ANSWERS_AT_ONCE_PER_USER, 'answer')} being written, the most at once. Please try again in a few seconds, once one has finished.`,
        BUSY_RETRY_SECONDS,
      )
    }
    if (organizationAnswering >= config.CHAT_ANSWERS_AT_ONCE_PER_ORGANIZATION) {
      throw refuse(
        `Your organization already has ${plural(config.CHAT_ANSWERS_AT_ONCE_PER_ORGANIZATION, 'answer')} being written, the most at once. Please try again in a few seconds.`,
        BUSY_RETRY_SECONDS,
      )
    }
    const [row] = await tx
      .insert(chatQuestions)
      .values({
        userId: caller.userId,
        organizationId: caller.organizationId,
        askedAt: now,
        answeringUntil: leaseEnd(now),
      })
      .returning({ id: chatQuestions.id })
    return row!.id
  })

  const renew = setInterval(() => {
    db.update(chatQuestions)
      .set({ answeringUntil: leaseEnd(clock.now()) })
      .where(eq(chatQuestions.id, id))
      .catch((error: unknown) => log.warn({ err: error }, '[chat] could not renew an answer’s lease'))
  }, RENEW_MS)
  // An answer in progress never keeps a stopping process alive: the lease frees its slot anyway.
  renew.unref()
  let released = false
  return {
    async release() {
      if (released) return
      released = true
      clearInterval(renew)
      try {
        await db.update(chatQuestions).set({ answeringUntil: null }).where(eq(chatQuestions.id, id))
      } catch (error) {
        // The answer itself is done; its lease frees the slot a minute later.
        log.warn({ err: error }, '[chat] could not release an answer’s slot')
      }
    },
  }
}
