import type { Passage } from '../retrieval/passage'
import type { TableAnswer } from '../tables/answer'
import type { CellReference } from '../tables/compute'
import { type Scale } from '../text/scales'

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
  /**
   * What the organization's facts show the documents lack ("The documents give revenue for
   * FY2022–FY2025, not January 2025 [1]."), with its citation: the answer says so, and no passage is
   * quoted as if it answered.
   */
  notHeld?: string | null
}

/**
 * Writes an answer in markdown, in pieces as they are ready, citing passages with `[n]` markers.
 * Stops when `signal` aborts (the client went away) and throws when the provider fails.
 */
export interface AnswerProvider {
  readonly name: string
  answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<string>
}

/** Where an operand was read: its passage (index in the retrieved passages), its table among that passage's (parseTables order) and its cell. */
export interface CitedCell extends CellReference {
  passage: number
  table: number
}

/** A figure computed from the tables of the retrieved passages, written with `[n]` markers on its operands. */
export interface ComputedAnswer {
  /** The result with its scale and unit: "$293.6 million", "24.41%"; several, "; " between ("$161; $186"). */
  figure: string
  /** One line: `(1,496.5 [1] − 1,202.9 [1]) / 1,202.9 [1] = 24.41%`, or for figures looked up, their cells. */
  derivation: string
  /** Where the operands were read ("Total sales (2019; 2018) in Sales, sheet FY"), or '' for a lookup. */
  cells: string
  /** The derivation in pieces, each operand as the index of `operands` it writes, so it can be shown with links to its cells. */
  parts: TableAnswer<unknown>['parts']
  operands: CitedCell[]
  /** The fact layer's way of answering that gave it (api/facts/answers/strategies.ts); absent when read from passages. */
  strategy?: string
}

declare module '../../kernel/context' {
  interface Deps {
    /** Who writes chat answers (DESIGN §5). */
    answers: AnswerProvider
  }
}
