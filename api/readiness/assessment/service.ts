import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'

import type { StoredAnswer } from '../../../shared/readiness'
import { personName, recordEvent } from '../../audit/service'
import type { Database } from '../../db/database'
import { documents, readinessAssessments, users } from '../../db/schema'
import type { Deps, OrgCaller } from '../../kernel/context'
import { formError } from '../../kernel/http-error'
import { canAssess, questionOf, requireAssessor } from './access'
import type { AnswerPayload, AssessmentPayload, CompletedPayload } from './contract'
import { DRIVERS, QUESTIONS } from './drivers'
import { type ProposalKey, type Proposals, readProposals } from './proposals'
import type { AnswerInput } from './schema'
import { compareAssessments, scoreAssessment } from './scoring'

/** Completed assessments listed: the latest this many (one a quarter is ten years of them). */
export const MAX_HISTORY = 20
// Two callers opening the organization's assessment at once: the loser of the insert retries on the winner's row.
const OPEN_ATTEMPTS = 3

const ORDER = new Map([...QUESTIONS.keys()].map((key, index) => [key, index]))
const known = (answers: StoredAnswer[]) => answers.filter((answer) => QUESTIONS.has(answer.key))

function openAssessment(db: Database, organizationId: number) {
  return db
    .select()
    .from(readinessAssessments)
    .where(and(eq(readinessAssessments.organizationId, organizationId), isNull(readinessAssessments.completedAt)))
}

function completedAssessments(db: Database, organizationId: number, limit: number) {
  return db
    .select({
      row: readinessAssessments,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(readinessAssessments)
    .leftJoin(users, eq(users.id, readinessAssessments.completedBy))
    .where(and(eq(readinessAssessments.organizationId, organizationId), isNotNull(readinessAssessments.completedAt)))
    .orderBy(desc(readinessAssessments.completedAt), desc(readinessAssessments.id))
    .limit(limit)
}

function documentTitles(db: Database, organizationId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([])
  return db
    .select({ id: documents.id, title: documents.title })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), inArray(documents.id, ids)))
}

const proposalOf = (proposals: Proposals, key: string) =>
  key in proposals ? proposals[key as ProposalKey] : { value: null, reason: null }

/**
 * The assessment as the page shows it: the open one, else the last completed one's answers as the
 * starting point; the scores; the change against the last completed assessment; the history; and
 * what the documents propose for each question.
 */
/** `generation`: the organization's search generation, which the proposals' passages are kept under. */
export async function getAssessment(deps: Deps, caller: OrgCaller, generation: number): Promise<AssessmentPayload> {
  const { db, clock } = deps
  const [[open], completed, proposals] = await Promise.all([
    openAssessment(db, caller.organizationId),
    completedAssessments(db, caller.organizationId, MAX_HISTORY),
    readProposals(deps, caller, generation, clock.now()),
  ])
  const last = completed[0]?.row
  const answers = known(open?.answers ?? last?.answers ?? [])
  const byKey = new Map(answers.map((answer) => [answer.key, answer]))
  const score = scoreAssessment(answers)
  const change = open && last ? compareAssessments(scoreAssessment(known(last.answers)), score) : null
  const changes = new Map(change?.drivers.map((driver) => [driver.key, driver.display]))
  const cited = answers.flatMap((answer) =>
    answer.origin.kind === 'proposal' && answer.origin.documentId !== null ? [answer.origin.documentId] : [],
  )
  const titles = new Map(
    (await documentTitles(db, caller.organizationId, [...new Set(cited)])).map((doc) => [doc.id, doc.title]),
  )
  const scored = new Map(score.drivers.map((driver) => [driver.key, driver]))
  return {
    can_edit: canAssess(caller),
    open: open
      ? { id: open.id, started_at: open.createdAt.toISOString(), updated_at: open.updatedAt.toISOString() }
      : null,
    starting_point: !open && last ? { id: last.id, completed_at: last.completedAt!.toISOString() } : null,
    overall: {
      display: score.overall.display,
      drivers_answered: score.overall.driversAnswered,
      drivers: score.overall.drivers,
      questions_answered: answers.length,
      questions: QUESTIONS.size,
      change: change?.overall.display ?? null,
    },
    change_since: change && last ? last.completedAt!.toISOString() : null,
    drivers: score.drivers.map((driver) => ({
      key: driver.key,
      name: driver.name,
      display: driver.display,
      answered: driver.answered,
      questions: driver.questions,
      change: changes.get(driver.key) ?? null,
    })),
    sections: DRIVERS.map((driver) => ({
      key: driver.key,
      name: driver.name,
      display: scored.get(driver.key)!.display,
      questions: driver.questions.map((question) => {
        const answer = byKey.get(question.key)
        const found = proposalOf(proposals, question.key)
        return {
          key: question.key,
          text: question.text,
          low: question.low,
          high: question.high,
          answer: answer ? answerPayload(answer, titles) : null,
          proposal: found.value
            ? {
                score: found.value.score,
                evidence: found.value.reason,
                differs: answer?.score !== found.value.score,
                sources: found.value.sources.map((source) => ({
                  document_id: source.documentId,
                  title: source.title,
                  location: source.location,
                  quote: source.quote,
                })),
              }
            : null,
          no_proposal: found.reason,
        }
      }),
    })),
    history: completed.map(({ row, ...user }) => {
      const past = scoreAssessment(known(row.answers))
      return {
        id: row.id,
        completed_at: row.completedAt!.toISOString(),
        completed_by:
          user.username === null
            ? 'A former member'
            : personName({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', username: user.username }),
        overall: past.overall.display,
        drivers_answered: past.overall.driversAnswered,
        questions_answered: known(row.answers).length,
      }
    }),
  }
}

function answerPayload(answer: StoredAnswer, titles: Map<number, string>): AnswerPayload {
  const origin = answer.origin
  return {
    score: answer.score,
    note: answer.note,
    by: answer.by,
    at: answer.at,
    origin:
      origin.kind === 'proposal'
        ? {
            kind: 'proposal' as const,
            evidence: origin.evidence,
            document:
              origin.documentId === null
                ? null
                : { id: origin.documentId, title: titles.get(origin.documentId) ?? null },
          }
        : { kind: 'entered' as const },
  }
}

async function callerName(db: Database, caller: OrgCaller) {
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId))
  return personName(user!)
}

/**
 * Sets one answer in the open assessment, opening one from the last completed assessment's answers
 * when none is open. `make` gives the new answer from the old, or null when nothing would change
 * (then nothing is written or logged). The open row is locked; when two callers open one at once,
 * the unique index keeps one and the other writes to it.
 */
async function setAnswer(
  deps: Deps,
  caller: OrgCaller,
  key: string,
  make: (previous: StoredAnswer | undefined, by: string, at: string) => StoredAnswer | null,
) {
  const question = questionOf(key)
  return deps.db.transaction(async (tx) => {
    const by = await callerName(tx, caller)
    const at = deps.clock.now()
    for (let attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
      const [open] = await openAssessment(tx, caller.organizationId).for('update')
      const base = open ? known(open.answers) : await lastCompletedAnswers(tx, caller.organizationId)
      const previous = base.find((answer) => answer.key === key)
      const next = make(previous, by, at.toISOString())
      if (!next) return previous!
      const answers = [...base.filter((answer) => answer.key !== key), next].sort(
        (a, b) => ORDER.get(a.key)! - ORDER.get(b.key)!,
      )
      const written = open
        ? await tx
            .update(readinessAssessments)
            .set({ answers, updatedAt: at })
            .where(eq(readinessAssessments.id, open.id))
            .returning({ id: readinessAssessments.id })
        : await tx
            .insert(readinessAssessments)
            .values({
              organizationId: caller.organizationId,
              answers,
              createdBy: caller.userId,
              createdAt: at,
              updatedAt: at,
            })
            .onConflictDoNothing()
            .returning({ id: readinessAssessments.id })
      if (!written.length) continue
      await recordEvent(tx, deps.clock, caller, caller.organizationId, {
        action: 'assessment.answered',
        target: question.text,
        details: {
          key,
          assessment: written[0]!.id,
          opened: !open,
          from: previous ? { score: previous.score, note: previous.note } : null,
          to: { score: next.score, note: next.note },
          origin: next.origin,
        },
      })
      return next
    }
    throw new Error(`assessment: could not open an assessment for organization ${caller.organizationId}`)
  })
}

async function lastCompletedAnswers(db: Database, organizationId: number) {
  const [last] = await completedAssessments(db, organizationId, 1)
  return known(last?.row.answers ?? [])
}

/** The advisor's own answer to one question. */
export async function answerQuestion(deps: Deps, caller: OrgCaller, key: string, input: AnswerInput) {
  requireAssessor(caller)
  const answer = await setAnswer(deps, caller, key, (previous, by, at) => {
    if (previous?.score === input.score && previous.note === input.note) return null
    // A note added to an accepted proposal leaves it the proposal's; another score makes it the advisor's.
    const origin = previous?.score === input.score ? previous.origin : { kind: 'entered' as const }
    return { key, score: input.score, note: input.note, origin, by, at }
  })
  return answerPayload(answer, new Map())
}

/**
 * Accepts what the documents propose for a question, as the server reads them now: the client
 * sends no score. The proposal's evidence and its first document are kept with the answer, as
 * they read then; the note stays.
 */
export async function acceptProposal(deps: Deps, caller: OrgCaller, generation: number, key: string) {
  requireAssessor(caller)
  const question = questionOf(key)
  const found = proposalOf(await readProposals(deps, caller, generation, deps.clock.now()), key)
  if (!found.value)
    throw formError(`The documents propose no answer to "${question.text}"${found.reason ? `: ${found.reason}` : '.'}`)
  const proposal = found.value
  const documentId = proposal.sources[0]?.documentId ?? null
  const answer = await setAnswer(deps, caller, key, (previous, by, at) =>
    previous?.score === proposal.score &&
    previous.origin.kind === 'proposal' &&
    previous.origin.evidence === proposal.reason
      ? null
      : {
          key,
          score: proposal.score,
          note: previous?.note ?? '',
          origin: { kind: 'proposal', evidence: proposal.reason, documentId },
          by,
          at,
        },
  )
  const title = proposal.sources[0]?.title
  return answerPayload(answer, new Map(documentId !== null && title ? [[documentId, title]] : []))
}

export const NOTHING_TO_COMPLETE = 'Answer at least one question before completing the assessment.'

/** Completes the open assessment, dated and signed; it joins the history and the next answer opens a new one. */
export async function completeAssessment(deps: Deps, caller: OrgCaller): Promise<CompletedPayload> {
  requireAssessor(caller)
  return deps.db.transaction(async (tx) => {
    const [open] = await openAssessment(tx, caller.organizationId).for('update')
    const answers = known(open?.answers ?? [])
    if (!open || !answers.length) throw formError(NOTHING_TO_COMPLETE)
    const at = deps.clock.now()
    await tx
      .update(readinessAssessments)
      .set({ completedAt: at, completedBy: caller.userId, updatedAt: at })
      .where(eq(readinessAssessments.id, open.id))
    const score = scoreAssessment(answers)
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'assessment.completed',
      target: 'Readiness assessment',
      details: {
        assessment: open.id,
        overall: score.overall.display,
        drivers_answered: score.overall.driversAnswered,
        questions_answered: answers.length,
      },
    })
    return {
      id: open.id,
      completed_at: at.toISOString(),
      overall: score.overall.display,
      questions_answered: answers.length,
    }
  })
}
