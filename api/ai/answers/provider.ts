import type { ApiConfig } from '../../config'
import type { Passage } from '../retrieval/hybrid'
import type { Scale } from '../tables/table'
import type { ComputedAnswer } from './computed'
import { extractiveAnswers } from './extractive'

export interface ChatTurn {
  role: 'user' | 'assistant'
  content: string
}

/** What an answer may quote: a document's passage, or a turn of a meeting the conversation records. */
export type SourcePassage = Pick<Passage, 'text' | 'documentTitle' | 'pageNumber' | 'sheetName'> & {
  /** The scale its document states on a line of its own, for a table the passage gives none. */
  documentScale?: Scale
}

export interface AnswerRequest {
  /** The question as the user typed it. */
  question: string
  /** The question with what it refers back to ("and in 2024?" after a question about revenue). */
  searchQuery: string
  /**
   * A follow-up written out whole ("What was revenue in FY2024?"), as the table reader reads a
   * question; the question itself when it stands alone or is absent.
   */
  standalone?: string
  /** Earlier turns of the conversation, oldest first. */
  history: ChatTurn[]
  /** What retrieval found, best first; an answer cites `passages[n - 1]` as `[n]`. */
  passages: SourcePassage[]
  /**
   * The figure computed from the passages' tables (null: none), when the caller has computed it
   * already to keep its cells; a provider computes it itself when this is absent.
   */
  computed?: ComputedAnswer | null
}

/**
 * Writes an answer in markdown, in pieces as they are ready, citing passages with `[n]` markers.
 * Stops when `signal` aborts (the client went away) and throws when the provider fails.
 */
export interface AnswerProvider {
  readonly name: string
  answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<string>
}

/** The provider the settings name; the OpenAI SDK is loaded only when it is the one. */
export async function createAnswerProvider(config: ApiConfig): Promise<AnswerProvider> {
  if (config.ANSWER_PROVIDER !== 'openai') return extractiveAnswers()
  const { openAiAnswers } = await import('./openai')
  return openAiAnswers(config)
}
