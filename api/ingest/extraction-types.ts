/** A page of a PDF, a sheet of a workbook, or a section of a document without pages. */
export interface ExtractedPage {
  kind: 'page' | 'sheet' | 'section'
  /** The sheet or section name; null for PDF pages, which are known by number. */
  label: string | null
  text: string
  /** The header row of a table, repeated at the top of each chunk cut from it. */
  header?: string
}

export interface Extraction {
  pages: ExtractedPage[]
  /** Things the reader should know, e.g. that the text was cut at the size limit. */
  notes: string[]
}

export interface ExtractionLimits {
  /** Extraction stops once this many characters of text have been read. */
  maxChars: number
}

/** A document that cannot be read, with a reason fit to show its owner. */
export class ExtractionError extends Error {
  name = 'ExtractionError'
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
