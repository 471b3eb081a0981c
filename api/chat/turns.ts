import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm'

import { log } from '../../runtime/log'
import type { MessageDerivation } from '../../shared/cells'
import { createCitationFilter } from '../ai/answers/citations'
import { computeFromPassages } from '../ai/answers/computed'
import { previousQuestion, searchQueryFor, standaloneQuestion } from '../ai/answers/follow-up'
import type { ChatTurn } from '../ai/answers/provider'
import { withDocumentScale } from '../ai/retrieval/document-scale'
import { retrieve } from '../ai/retrieval/hybrid'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import { conversations, type ConversationStatus, type DocumentReference, messages } from '../db/schema'
import { answerExitDate } from '../facts/answers/exit-date-answer'
import { answerFromFacts } from '../facts/answers/fact-answer'
import { answerFromTerms } from '../facts/answers/term-answer'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { CONVERSATION_NOT_FOUND } from './access'
import { admitQuestion, type AnswerSlot, slotRelease } from './chat-limits'
import { citedRows } from './cited-rows'
import type { MessagePayload } from './contract'
import { derivationOf } from './derivation'
import { meetingPassages, type RankedPassage } from './meeting-passages'
import { messagePayload } from './payload'
import { DEFAULT_TITLE } from './schema'
import { citedRelevance } from './source-relevance'

/** Spec §7: the events of add_message_streaming, one `data:` line each. */
export type AnswerEvent =
  { type: 'chunk'; content: string } | { type: 'metadata'; message: MessagePayload } | { type: 'error'; error: string }

/** Spec §8 "Chat": what the client is told when no answer could be made. */
export const ANSWER_FAILED = 'Failed to get response'

// Earlier messages read to understand a follow-up question and given to the provider.
const HISTORY_MESSAGES = 6
// A conversation still titled by default takes its first question as its title, cut here.
const AUTO_TITLE_CHARS = 80

// The conversation, if it is the caller's (anyone else's answers 404 like one that does not exist, as
// requireConversation does), with its latest turns: read in the statement that admits the question.
function conversationForTurn(caller: OrgCaller, conversationId: number) {
  return sql<
    Turn['conversation'] & { history: ChatTurn[] }
  >`select c.id, c.title, c.document_ids as "documentIds", c.status,
      -- A meeting's turns are not the chat's own exchange; what was said there is not a question.
      coalesce((select json_agg(json_build_object('role', t.role, 'content', t.content) order by t.id)
        from (select m.id, m.role, m.content from ${messages} m
          where m.conversation_id = c.id and m.role in ('user', 'assistant')
          order by m.id desc limit ${HISTORY_MESSAGES}) t), '[]') as history
    from ${conversations} c
    where c.id = ${conversationId} and c.organization_id = ${caller.organizationId} and c.user_id = ${caller.userId}`
}

export interface Turn {
  conversation: { id: number; title: string; documentIds: number[] | null; status: ConversationStatus }
  organizationId: number
  question: string
  history: ChatTurn[]
  /** Held while the answer is written; answerTurn gives it back. */
  slot: AnswerSlot
}

/**
 * Saves the user's message (spec §7 add_message) and reads what answering it needs. Throws 404 for a
 * conversation that is not the caller's, and 429 past the chat limits, before anything is saved or
 * streamed.
 */
export async function startTurn(deps: Deps, caller: OrgCaller, conversationId: number, content: string): Promise<Turn> {
  const now = deps.clock.now()
  // A conversation still titled by default takes its first question as its title.
  const title = content.replace(/\s+/g, ' ').slice(0, AUTO_TITLE_CHARS)
  // Saved in the admission's statement, only when the question is let through.
  const admitted = await admitQuestion(deps, caller, {
    needs: conversationForTurn(caller, conversationId),
    alongside: (admitted) => [
      counting(deps.db, conversationId, now, {
        title: sql`case when ${conversations.title} = ${DEFAULT_TITLE} and ${conversations.messageCount} = 0
          then ${title} else ${conversations.title} end`,
        when: admitted,
      }).getSQL(),
      sql`insert into ${messages} (conversation_id, role, content, created_at)
        select ${conversationId}, 'user', ${content}, ${now.toISOString()}::timestamptz where ${admitted}`,
    ],
  })
  if (!admitted) throw notFound(CONVERSATION_NOT_FOUND)
  const { history, ...conversation } = admitted.needed
  return { conversation, organizationId: caller.organizationId, question: content, history, slot: admitted.slot }
}

/**
 * Answers a saved question: retrieval over the caller's organization (and the conversation's
 * documents, when it is limited to some), the provider's answer streamed as chunks with its
 * citation markers checked against what was retrieved, then the saved assistant message. When the
 * client goes away (`signal`) the provider is stopped and the partial answer is not saved: the
 * question stays, unanswered, and can be asked again. A failure ends with an error event and saves
 * nothing either. However it ends, the turn's slot is given back before the last event, so a client
 * may ask again as soon as it has read it.
 */
export async function* answerTurn(deps: Deps, turn: Turn, signal: AbortSignal): AsyncGenerator<AnswerEvent> {
  let saved: typeof messages.$inferSelect
  let outcome: AnswerEvent
  try {
    const searchQuery = searchQueryFor(turn.question, turn.history)
    const retrieved = await answerPassages(deps, turn, searchQuery)
    const standalone = standaloneQuestion(turn.question, turn.history)
    // Computed here, once, so the cells the provider's answer cites can be saved with it: from the
    // facts read at ingestion when they answer, else from the retrieved passages' tables.
    const scope = { organizationId: turn.organizationId, documentIds: turn.conversation.documentIds }
    const fromFacts =
      (await answerFromTerms(deps, scope, turn.question, retrieved)) ??
      (await answerExitDate(deps, scope, turn.question, retrieved)) ??
      (await answerFromFacts(deps, scope, turn.question, retrieved, previousQuestion(turn.history)))
    const passages = fromFacts?.passages ?? retrieved
    const citations = createCitationFilter(passages.length)
    const notHeld = fromFacts?.notHeld ?? null
    const computed = fromFacts?.computed ?? (notHeld ? null : computeFromPassages(standalone, passages))
    const request = {
      question: turn.question,
      searchQuery,
      standalone,
      history: turn.history,
      passages,
      computed,
      notHeld,
    }
    for await (const piece of deps.answers.answer(request, signal)) {
      const content = citations.push(piece)
      if (content) yield { type: 'chunk', content }
    }
    const rest = citations.end()
    if (rest) yield { type: 'chunk', content: rest }
    signal.throwIfAborted()
    if (!citations.text) throw new Error(`${deps.answers.name} gave an empty answer`)
    const derivation = computed && derivationOf(computed, passages, citations.used, citations.text)
    const references = citedReferences(passages, citations.used, citations.text, derivation)
    // Saved with the slot given back in the same statement: one round trip fewer for each answer.
    saved = await turn.slot.releasingWith(async (questionId) => {
      const [row] = await answerSave(deps.db).execute({
        conversationId: turn.conversation.id,
        questionId,
        content: citations.text,
        documentReferences: references,
        derivation: derivation ? JSON.stringify(derivation) : null,
        now: deps.clock.now().toISOString(),
      })
      return row!
    })
    outcome = { type: 'metadata', message: messagePayload(saved) }
  } catch (error) {
    if (signal.aborted) return
    log.warn({ err: error, conversationId: turn.conversation.id }, '[chat] no answer')
    outcome = { type: 'error', error: ANSWER_FAILED }
  } finally {
    // Also when the client stops reading mid-answer: the generator is closed at its last yield.
    await turn.slot.release()
  }
  yield outcome
}

/**
 * What an answer may quote, best first: the organization's documents (the conversation's, when it
 * is limited to some), and in a conversation made from a meeting the meeting's turns too.
 */
async function answerPassages(deps: Deps, turn: Turn, searchQuery: string): Promise<RankedPassage[]> {
  const topK = deps.config.ANSWER_PASSAGES
  const documents = await retrieve(deps, {
    organizationId: turn.organizationId,
    query: searchQuery,
    topK,
    mode: 'hybrid',
    documentIds: turn.conversation.documentIds ?? undefined,
  })
  const scaled = await withDocumentScale(
    deps,
    turn.organizationId,
    documents,
    turn.conversation.documentIds ?? undefined,
  )
  const fromDocuments = scaled.map((passage): RankedPassage => ({
    ...passage,
    reference: {
      document_id: passage.documentId,
      document_title: passage.documentTitle,
      chunk_id: passage.chunkId,
      page_number: passage.pageNumber,
      sheet_name: passage.sheetName,
    },
  }))
  // Only a conversation made from a meeting (the only completed kind) has turns to read.
  if (turn.conversation.status !== 'completed') return fromDocuments
  const fromMeeting = await meetingPassages(deps.db, turn.conversation, searchQuery, topK)
  return [...fromDocuments, ...fromMeeting].sort((a, b) => b.score - a.score).slice(0, topK)
}

/**
 * What the saved answer says of each passage it cites, in the order of its markers: where it is, how
 * likely it holds what was asked, and the table rows the answer took from it.
 */
function citedReferences(
  passages: RankedPassage[],
  used: number[],
  answer: string,
  derivation: MessageDerivation | null,
): DocumentReference[] {
  const relevance = citedRelevance(
    passages.map((passage) => passage.score),
    used,
    derivation,
  )
  const rows = citedRows(
    answer,
    used.map((index) => passages[index]!.text),
    derivation,
  )
  return used.map((index, position) => ({
    ...passages[index]!.reference,
    relevance_score: Math.round(relevance[position]! * 10_000) / 10_000,
    ...(rows[position]!.length && passages[index]!.reference.document_id !== null ? { rows: rows[position] } : {}),
  }))
}

/** Counts a new message on its conversation, which becomes the most recently active (and takes `title`, when given). */
function counting(
  db: Database,
  conversationId: number | Placeholder,
  now: Date | SQL,
  { title, when }: { title?: SQL; when?: SQL } = {},
) {
  return db
    .update(conversations)
    .set({ messageCount: sql`${conversations.messageCount} + 1`, updatedAt: now, ...(title ? { title } : {}) })
    .where(and(eq(conversations.id, conversationId), when))
}

/**
 * Saves an answer, counts it on its conversation and gives its question's slot back: one statement,
 * so no transaction holds the database's one session while this process is busy with other
 * requests, and built once (drizzle built it again for every answer, ~0.8 ms of a crowd's question).
 */
const answerSave = preparedStatement((db) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`
  const counted = db
    .$with('counted')
    .as(counting(db, sql.placeholder('conversationId'), now).returning({ id: conversations.id }))
  const released = db.$with('released').as(slotRelease(db, sql.placeholder('questionId')))
  return db
    .with(counted, released)
    .insert(messages)
    .values({
      conversationId: sql.placeholder('conversationId'),
      role: 'assistant',
      content: sql.placeholder('content'),
      documentReferences: sql.placeholder('documentReferences'),
      // Raw, not the column's encoder: that would write JSON's null for none, not SQL's.
      derivation: sql`${sql.placeholder('derivation')}::jsonb`,
      createdAt: now,
    })
    .returning()
    .prepare('answer_save')
})
