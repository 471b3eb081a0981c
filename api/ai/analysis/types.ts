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
