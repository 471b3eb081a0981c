import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm'

import { log } from '../../runtime/log'
import type { Database } from '../db/database'
import { chatQuestions } from '../db/schema'
import { rowsOf } from '../db/sql-values'
import type { ApiConfig } from '../kernel/config'
import type { Deps, OrgCaller } from '../kernel/context'
import { HttpError } from '../kernel/http-error'

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

/** A question let through: it counts as an answer being written until released (or its lease runs out). */
export interface AnswerSlot {
  /**
   * Runs `write` given the id of the question whose slot `slotRelease` gives back, to be run inside
   * its own statement (the answer's save): one round trip for both. Once `write` has resolved the
   * slot is released.
   */
  releasingWith<T>(write: (questionId: number) => Promise<T>): Promise<T>
  release(): Promise<void>
}

/** The statement that gives a question's answer slot back (`id` a placeholder in a prepared statement). */
export function slotRelease(db: Database, id: number | Placeholder) {
  return db
    .update(chatQuestions)
    .set({ answeringUntil: null })
    .where(eq(chatQuestions.id, id))
    .returning({ id: chatQuestions.id })
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

function refuse(detail: string, retryAfterSeconds: number) {
  return new HttpError(429, { detail }, { 'Retry-After': String(retryAfterSeconds) })
}

/** Why admit_chat_question let a question not through: the first limit its counts reach. */
function refusal(config: ApiConfig, since: Date, counts: Record<string, unknown> = {}) {
  // When the oldest question of the window leaves it, one more may be asked.
  const secondsUntilOneLeaves = (first: unknown) =>
    first ? Math.max(1, Math.ceil((new Date(first as string | Date).getTime() - since.getTime()) / 1000)) : 1
  const perUser = config.CHAT_QUESTIONS_PER_MINUTE_PER_USER
  if (Number(counts.user_asked) >= perUser) {
    const wait = secondsUntilOneLeaves(counts.user_first)
    return refuse(
      `You have asked ${plural(perUser, 'question')} in the last minute, the most allowed. Please try again in ${plural(wait, 'second')}.`,
      wait,
    )
  }
  const perOrganization = config.CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION
  if (Number(counts.organization_asked) >= perOrganization) {
    const wait = secondsUntilOneLeaves(counts.organization_first)
    return refuse(
      `Your organization has asked ${plural(perOrganization, 'question')} in the last minute, the most allowed. Please try again in ${plural(wait, 'second')}.`,
      wait,
    )
  }
  if (Number(counts.user_answering) >= config.CHAT_ANSWERS_AT_ONCE_PER_USER) {
    return refuse(
      `You already have ${plural(config.CHAT_ANSWERS_AT_ONCE_PER_USER, 'answer')} being written, the most at once. Please try again in a few seconds, once one has finished.`,
      BUSY_RETRY_SECONDS,
    )
  }
  return refuse(
    `Your organization already has ${plural(config.CHAT_ANSWERS_AT_ONCE_PER_ORGANIZATION, 'answer')} being written, the most at once. Please try again in a few seconds.`,
    BUSY_RETRY_SECONDS,
  )
}

/**
 * Lets a question through to the answerer, or refuses it with 429 and `Retry-After` (issue 30: a
 * paid model must not be an open tap). Per user (in all their organizations) and per organization:
 * questions in the last minute, and answers being written at once. Kept in the database, so several
 * instances on one PostgreSQL share the count (decision 020); admit_chat_question (migration 0036)
 * takes two advisory locks that make the count and the insert one step, so requests sent together
 * cannot all squeeze under the limit, in one round trip. A refused question is not counted. What
 * the question is asked of (`needs`: a query of one row, or none when the caller may not ask it) is
 * read and what the caller writes with the question (`alongside`: data-modifying statements, each
 * given the condition that the question was admitted) runs in the same statement, so a question
 * with nothing to ask of is neither counted nor refused (null), a refused one writes nothing, and
 * an admitted one costs the embedded database's one session one turn (issue 49). The answering
 * code releases the slot when its answer ends, however it ends; meanwhile a timer renews the lease.
 */
export async function admitQuestion<Needed>(
  deps: Deps,
  caller: OrgCaller,
  { needs, alongside }: { needs: SQL<Needed>; alongside: (admitted: SQL) => SQL[] },
): Promise<{ needed: Needed; slot: AnswerSlot } | null> {
  const { db, config, clock } = deps
  const now = clock.now()
  const since = new Date(now.getTime() - WINDOW_SECONDS * 1000)
  const leaseEnd = (from: Date) => new Date(from.getTime() + ANSWER_LEASE_SECONDS * 1000)
  const admitted = sql`exists (select 1 from admission where admission.admitted is not null)`
  const along = alongside(admitted).map(
    (statement, index) => sql`, ${sql.identifier(`along_${index}`)} as (${statement})`,
  )
  // Materialized: the admission is counted once, before anything written with it reads it, and not
  // at all without what it needs (a one-time filter: the function is not called).
  const [row] = rowsOf(
    await db.execute(sql`with needed as materialized (${needs}),
    admission as materialized (select * from admit_chat_question(
      ${caller.userId}, ${caller.organizationId}, ${now.toISOString()}, ${since.toISOString()},
      ${leaseEnd(now).toISOString()}, ${config.CHAT_QUESTIONS_PER_MINUTE_PER_USER},
      ${config.CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION}, ${config.CHAT_ANSWERS_AT_ONCE_PER_USER},
      ${config.CHAT_ANSWERS_AT_ONCE_PER_ORGANIZATION}) where exists (select 1 from needed))${sql.join(along)}
    select to_json(needed) as needed, admission.* from needed, admission`),
  )
  if (!row) return null
  const { needed, ...counts } = row
  const id = counts.admitted
  if (typeof id !== 'number') throw refusal(config, since, counts)

  const renew = setInterval(() => {
    db.update(chatQuestions)
      .set({ answeringUntil: leaseEnd(clock.now()) })
      .where(eq(chatQuestions.id, id))
      .catch((error: unknown) => log.warn({ err: error }, '[chat] could not renew an answer’s lease'))
  }, RENEW_MS)
  // An answer in progress never keeps a stopping process alive: the lease frees its slot anyway.
  renew.unref()
  let released = false
  const slot: AnswerSlot = {
    async releasingWith(write) {
      clearInterval(renew)
      const written = await write(id)
      released = true
      return written
    },
    async release() {
      if (released) return
      released = true
      clearInterval(renew)
      try {
        await slotRelease(deps.db, id)
      } catch (error) {
        // The answer itself is done; its lease frees the slot a minute later.
        log.warn({ err: error }, '[chat] could not release an answer’s slot')
      }
    },
  }
  return { needed: needed as Needed, slot }
}
