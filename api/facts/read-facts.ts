import { log } from '../../runtime/log'
import type { ExtractedPage } from '../ingest/extraction-types'
import { proseFacts } from './prose-facts'
import { tableFacts } from './table-facts'
import type { Fact } from './types'

/**
 * The fact reader's version: raised when a change to the readers would read stored pages into other
 * facts, so that every processed document is read again by the worker (api/ingest/read-facts-job.ts).
 */
export const FACTS_READER = 9

/**
 * The most facts kept of one document: a workbook at the text limit holds far fewer figures than
 * this, and a pathological one (every character a figure) is cut rather than stored whole.
 */
export const MAX_FACTS_PER_DOCUMENT = 50_000
// A quote is shown beside a figure: the row or sentence, not a page of run-on text.
const MAX_QUOTE = 500

/** A document's facts, read once from its pages at ingestion: its tables' cells, then its sentences. */
export function readFacts(pages: ExtractedPage[]): Fact[] {
  return [...tableFacts(pages), ...proseFacts(pages)]
    .slice(0, MAX_FACTS_PER_DOCUMENT)
    .map((fact) =>
      fact.source.quote.length > MAX_QUOTE
        ? { ...fact, source: { ...fact.source, quote: `${fact.source.quote.slice(0, MAX_QUOTE - 1)}…` } }
        : fact,
    )
}

/**
 * The facts, or null when a reader failed on these pages: a fault in reading figures must not make
 * the document unsearchable. It keeps no facts and no reader version, so a fixed reader reads it.
 */
export function readFactsOrNone(pages: ExtractedPage[], documentId: number): Fact[] | null {
  try {
    return readFacts(pages)
  } catch (error) {
    log.error({ err: error, documentId }, '[facts] reading the figures of a document failed')
    return null
  }
}
