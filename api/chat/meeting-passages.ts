import { and, asc, eq, inArray } from 'drizzle-orm'

import type { SourcePassage } from '../ai/answers/provider'
import { analyze, joinTerms } from '../ai/retrieval/analyzer'
import { lexicalScorer } from '../ai/retrieval/bm25'
import type { Database } from '../db/database'
import { messages, type PassageReference, SPEAKER_ROLES } from '../db/schema'

export type RankedPassage = SourcePassage & { score: number; reference: PassageReference }

/**
 * The turns of the meeting a conversation was made from that best match the question, as passages
 * an answer can quote beside the documents': BM25 over the turns themselves (the statistics are the
 * meeting's own), on the same 0..1 scale as a document passage's lexical score. Each cites its turn
 * in the conversation (`message_id`); the turns stay when the meeting itself is deleted.
 */
export async function meetingPassages(
  db: Database,
  conversation: { id: number; title: string },
  query: string,
  limit: number,
): Promise<RankedPassage[]> {
  const terms = analyze(query)
  if (terms.length === 0 || limit <= 0) return []
  const turns = await db
    .select({ id: messages.id, speaker: messages.speaker, content: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), inArray(messages.role, [...SPEAKER_ROLES])))
    .orderBy(asc(messages.id))
  if (turns.length === 0) return []
  const analysed = turns.map((turn) => {
    const turnTerms = analyze(turn.content)
    return { turn, stored: joinTerms(turnTerms), length: turnTerms.length, distinct: new Set(turnTerms) }
  })
  const documentFrequency = new Map<string, number>()
  for (const term of new Set(terms)) {
    documentFrequency.set(term, analysed.filter((entry) => entry.distinct.has(term)).length)
  }
  const score = lexicalScorer(terms, {
    chunkCount: turns.length,
    averageLength: analysed.reduce((sum, entry) => sum + entry.length, 0) / turns.length,
    documentFrequency,
  })
  const documentTitle = `Meeting transcript: ${conversation.title}`
  return analysed
    .map(({ turn, stored, length }) => ({ turn, score: score(stored, length) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.turn.id - b.turn.id)
    .slice(0, limit)
    .map(({ turn, score }) => ({
      text: `${turn.speaker ?? 'A participant'}: ${turn.content}`,
      documentTitle,
      pageNumber: null,
      sheetName: null,
      score,
      reference: {
        document_id: null,
        document_title: documentTitle,
        chunk_id: null,
        page_number: null,
        sheet_name: null,
        message_id: turn.id,
      },
    }))
}
