import type { documentFacts, documentTerms } from '../db/schema'

type Row = typeof documentFacts.$inferSelect

/**
 * A figure a document states, read once at ingestion (issue 45): from a table's cell, or from a
 * sentence. Answers and readiness read these instead of re-reading the document's text.
 */
export interface Fact {
  kind: Row['kind']
  /** What the figure measures, as the document writes it: a row or column label, or the measured phrase ("enterprise value"). */
  measure: string
  /** The measure's key in the lexicon of measures ('revenue', 'net_income', 'cash'…), null when none fits. */
  measureKey: string | null
  /** The customer, product line, segment or add-back a figure belongs to, as written; null for the business as a whole. */
  entity: string | null
  /** What the entity is, as its table's header or title says: a customer is not a product line. */
  entityKind: EntityKind | null
  period: FactPeriod | null
  /** The exact decimal, scale applied: "14235000" for 14,235 in a table "in thousands". */
  value: string
  /** '$' (or another currency sign), '%' for a percentage, null for a count or a ratio. */
  unit: string | null
  /** The multiplier the document states for the figure (1000 for "in thousands"), 1 when none. */
  scale: number
  /** For a range ("between 23.1 and 27.3 million"): which end; 'mid' for a stated midpoint. */
  bound?: NonNullable<Row['bound']>
  source: FactSource
}

export type EntityKind = NonNullable<Row['entityKind']>

export interface FactPeriod {
  kind: NonNullable<Row['periodKind']>
  /** The fiscal year (named by the year it ends in) of a year, quarter or month; the year of an as-of date. */
  year: number
  quarter?: number
  /** 1–12: the calendar month of a month. */
  month?: number
  /** ISO date of an as-of date, or of a fiscal year's end when the document states it. */
  date?: string
  /** The period as the document writes it ("FY25", "Year ended June 30, 2025", "6/30/25"). */
  label: string
}

export interface FactSource {
  /** The position of the page, sheet or section in the document (document_pages.page_number). */
  page: number
  /** Row and column of the cell in its table, 0-based; null for prose. */
  row: number | null
  column: number | null
  /** What a reader is shown: the row as written, or the sentence. */
  quote: string
}

type TermRow = typeof documentTerms.$inferSelect

/** A term a document states of an entity that is no figure: a lease's landlord, start or end. */
export interface Term {
  kind: TermRow['kind']
  termKey: TermRow['termKey']
  /** The premises the term is of, as written; null for "the lease" a sentence does not name. */
  entity: string | null
  entityKind: TermRow['entityKind']
  /** As written: "Dunmore Properties", "December 31, 2030". */
  text: string
  /** A date's ISO day, when the document writes one. */
  date: string | null
  /** A date's year (a lease "runs to 2030" has no day). */
  year: number | null
  source: FactSource
}
