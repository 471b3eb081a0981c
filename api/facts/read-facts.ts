import { log } from '../../runtime/log'
import type { ExtractedPage } from '../ai/text/pages'
import { businessTerms } from './business-terms'
import { leaseTerms } from './lease-terms'
import { proseFacts } from './prose-facts'
import { signatoryTerms } from './signatory-terms'
import { tableFacts } from './table-facts'
import type { Fact, Term } from './types'

/**
 * The fact reader's version: raised when a change to the readers would read stored pages into other
 * facts, so that every processed document is read again by the worker (api/ingest/read-facts-job.ts).
 */
export const FACTS_READER = 14

/**
 * The most facts kept of one document: a workbook at the text limit holds far fewer figures than
 * this, and a pathological one (every character a figure) is cut rather than stored whole.
 */
export const MAX_FACTS_PER_DOCUMENT = 50_000
// A lease schedule lists tens of premises; a document holding more terms is cut.
const MAX_TERMS_PER_DOCUMENT = 5_000
// A quote is shown beside a figure: the row or sentence, not a page of run-on text.
const MAX_QUOTE = 500

/** A document's facts, read once from its pages at ingestion: its tables' cells, then its sentences. */
export function readFacts(pages: ExtractedPage[]): Fact[] {
  return [...tableFacts(pages), ...proseFacts(pages)].slice(0, MAX_FACTS_PER_DOCUMENT).map(quoted)
}

/** What is read of a document at ingestion: its figures, and the terms that are none (a lease's landlord and dates). */
export interface DocumentReading {
  facts: Fact[]
  terms: Term[]
}

const quoted = <T extends Fact | Term>(read: T): T =>
  read.source.quote.length > MAX_QUOTE
    ? { ...read, source: { ...read.source, quote: `${read.source.quote.slice(0, MAX_QUOTE - 1)}…` } }
    : read

/**
 * The facts and terms, or null when a reader failed on these pages: a fault in reading figures must
 * not make the document unsearchable. It keeps no facts and no reader version, so a fixed reader reads it.
 */
export function readFactsOrNone(pages: ExtractedPage[], documentId: number): DocumentReading | null {
  try {
    const terms = [...leaseTerms(pages), ...signatoryTerms(pages), ...businessTerms(pages)]
    return { facts: readFacts(pages), terms: terms.slice(0, MAX_TERMS_PER_DOCUMENT).map(quoted) }
  } catch (error) {
    log.error({ err: error, documentId }, '[facts] reading the figures of a document failed')
    return null
  }
}
