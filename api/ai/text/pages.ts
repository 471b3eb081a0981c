// Here, below both, because ingest/ extracts pages and facts/ reads them, and facts/ sits below ingest/.

/** A page of a PDF, a sheet of a workbook, or a section of a document without pages. */
export interface ExtractedPage {
  kind: 'page' | 'sheet' | 'section'
  /** The sheet or section name; null for PDF pages, which are known by number. */
  label: string | null
  text: string
  /** The header row of a table, repeated at the top of each chunk cut from it. */
  header?: string
  /** Set when the text was read from the page's picture by OCR: the engine's mean word confidence, 0 to 100. */
  ocrConfidence?: number
}
