/* What a document's tables hold (api/facts/tables-hold.ts), as stored with the document: types only, so the schema can name them. */

export type ContentKind =
  'financial-statements' | 'revenue-breakdown' | 'customer-revenue' | 'add-backs' | 'capex-history' | 'premises'

export interface ContentFound {
  kind: ContentKind
  /** What the tables hold, in words: "an income statement for 2023–2025". */
  what: string
  /** The fiscal years it covers, oldest first. */
  years: number[]
}
