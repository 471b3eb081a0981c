import type { AnalysisType, RiskCategory, RiskLevel } from '../../../shared/analysis'

/** A retrieval chunk of the document's current version, in reading order. */
export interface AnalysisChunk {
  id: number
  text: string
  pageNumber: number | null
  sheetName: string | null
}

export interface AnalysisInput {
  title: string
  chunks: AnalysisChunk[]
  /** The header rows of the document's tables (CSV and spreadsheet pages), to read their rows by. */
  tableHeaders: string[]
  /**
   * The day "ends in June 2026" is measured from when the text gives no date of its own: the day the
   * version was uploaded, so the same version always gets the same answer.
   */
  uploadedAt: Date
}

/** Where an item comes from: its chunk, the chunk's page or sheet, and the words it rests on. */
export interface Source {
  chunk_id: number
  page_number: number | null
  sheet_name: string | null
  quote: string
  /**
   * For a row of a CSV or a spreadsheet, where it stands in words a reader finds it by: the sheet
   * (a CSV's is the document's title), the row as the sheet counts them (the header row is 1) and
   * the header of the column the item rests on, as a reader names it ("Share of revenue (%)").
   * Absent for prose, and in results stored before it was kept.
   */
  cell?: { sheet: string; row: number; column: string | null }
}

export interface Sentence {
  text: string
  source: Source
}

export interface Risk {
  category: RiskCategory
  level: RiskLevel
  description: string
  evidence: string
  source: Source
}

export interface Recommendation {
  text: string
  /** The risk categories (or 'Key findings') it follows from. */
  addresses: string[]
  source: Source | null
}

/** What each analysis type answers besides the header fields, as stored and sent. */
export interface AnalysisBodies {
  summary: { content: string; sentences: Sentence[] }
  'key-findings': { findings: Sentence[] }
  risks: { risks: Risk[] }
  recommendations: { recommendations: Recommendation[] }
}

export type AnalysisBody<T extends AnalysisType = AnalysisType> = AnalysisBodies[T]
