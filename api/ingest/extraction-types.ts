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

export interface Extraction {
  pages: ExtractedPage[]
  /** Things the reader should know, e.g. that the text was cut at the size limit. */
  notes: string[]
  /** Pages that are scans (pictures of text), whether OCR read them or not. */
  scannedPages?: number
  /** OCR ran out of time with pages left to read, after reading some: another run should go on. */
  ocrUnfinished?: boolean
}

export interface ExtractionLimits {
  /** Extraction stops once this many characters of text have been read. */
  maxChars: number
  /** How scanned pages are read; without it they are not (OCR is off). */
  ocr?: OcrSettings
}

/** What reading one document may use: the extractors' limits, and what its archive may unpack to. */
export interface DocumentLimits extends ExtractionLimits {
  /** A document packed as a ZIP archive (xlsx, docx) unpacking to more bytes than this is refused unread. */
  maxUnpackedBytes: number
}

/** A scanned page's text as OCR read it. */
export interface OcrPage {
  pageNumber: number
  text: string
  confidence: number
}

export interface OcrSettings {
  /** The most pages of one document read by OCR. */
  maxPages: number
  /** The most pixels a page is rendered at for OCR: what the memory limit leaves room for (0: none). */
  maxPixels: number
  /** Time (epoch ms) by which OCR stops starting pages, so the extraction ends before its deadline. */
  stopBy: number
  /** Pages read by an earlier run of this extraction that was cut off (a restart resumes there). */
  done: OcrPage[]
  /** Told of each page read, with how many of the pages to read are done. */
  onProgress?: (progress: OcrProgress) => void
}

/** Where OCR of a document stands: `page` is the page just read, absent when the count is first known. */
export interface OcrProgress {
  done: number
  total: number
  page?: OcrPage
}

/** A document that cannot be read, with a reason fit to show its owner. */
export class ExtractionError extends Error {
  name = 'ExtractionError'
}

/** Reading a document passed its deadline and its thread was stopped. */
export class ExtractionTimeout extends ExtractionError {
  name = 'ExtractionTimeout'
}

/** Collects text up to the character limit, remembering that it had to stop. */
export class TextBudget {
  used = 0
  exhausted = false
  constructor(readonly maxChars: number) {}

  take(text: string): string {
    const room = this.maxChars - this.used
    if (text.length <= room) {
      this.used += text.length
      return text
    }
    this.exhausted = true
    this.used = this.maxChars
    return text.slice(0, Math.max(0, room))
  }

  get full() {
    return this.used >= this.maxChars
  }

  note(): string[] {
    return this.exhausted
      ? [
          `Only the first ${this.maxChars.toLocaleString('en-US')} characters of text were indexed; the rest of the document is too large.`,
        ]
      : []
  }
}

// C0/C1 control characters other than tab and newline: broken font encodings produce them.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/g

/** NFKC (ligatures and presentation forms to plain letters), no control characters, tidy spaces. */
export function cleanText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(CONTROL, '')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
