import type { ExtractedPage } from '../ai/text/pages'
import type { RunClock } from './run-clock'

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
  /** OCR starts no page that would end past this much of the run's clock, so the run ends within its limit. */
  stopAfterMs: number
  /** The run's clock (run-clock.ts). */
  spentMs: RunClock
  /**
   * Whether to start no more pages, once this run has read one: its turn is over (another job waits
   * and the run has had OCR_RUN_SECONDS), and a further run goes on from the pages read.
   */
  windDown?: () => boolean
  /** What is left of the organization's daily OCR allowance; pages beyond it are noted as not read. */
  allowance?: OcrAllowance
  /** Pages read by an earlier run of this extraction that was cut off (a restart resumes there). */
  done: OcrPage[]
  /** The scans an earlier run of this extraction found, so that this one need not look for them. */
  scans?: ScannedPage[]
  /** Told of each page read, with how many of the pages to read are done. */
  onProgress?: (progress: OcrProgress) => void
}

/** Scanned pages an organization may still have read by OCR, of its allowance for 24 hours. */
export interface OcrAllowance {
  pagesLeft: number
  pagesPerDay: number
}

/** A page that is a picture (a scan) with little or no text of its own, and its scan's resolution. */
export interface ScannedPage {
  pageNumber: number
  dpi: number
}

/**
 * Where OCR of a document stands: `page` is the page just read, absent when the count is first
 * known; then `scans` are the scans found, which a further run is given.
 */
export interface OcrProgress {
  done: number
  total: number
  page?: OcrPage
  scans?: ScannedPage[]
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

  /** `raw` cleaned (see cleanText) as far as the room left holds, and no further. */
  takeCleaned(raw: string): string {
    const { text, cut } = cleanTextStart(raw, this.maxChars - this.used)
    if (cut) this.exhausted = true
    return this.take(text)
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

// Line breaks of other systems and of Unicode (U+2028, U+2029) read as the newline they are.
const LINE_BREAK = /\r\n?|[\u2028\u2029]/g
// C0/C1 control characters other than tab and newline (broken font encodings produce them), and
// characters that show nothing: zero-width spaces, word joiners, byte order marks, soft hyphens.
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b\u2060\ufeff\ufffd]/g
// Runs of whitespace other than newlines (tabs, no-break spaces, U+1680, U+3000, …) that are not
// already one space. Every other `\s` becomes a space, so no later `trim()` or `\s+` meets a run of
// it: the chunker trimmed a growing run of U+1680 once per piece, quadratic in its length.
const SPACES = / [^\S\n]+|[^\S\n ][^\S\n]*/g
const SPACE_AT_BREAK = / \n ?|\n /g
const BLANK_LINES = /\n{3,}/g
// Combining marks past the 30th on one letter (Unicode's stream-safe limit; no script needs more).
// NFKC puts a run of marks in order by sorting it in place: 65,536 alternating U+0301 U+0316 took
// 1.5 s, a 3,000,000-character run over a minute.
const MARKS_PAST_30 = /(?<=\p{M}{30})\p{M}+/gu

const tidySpaces = (text: string) =>
  text
    .replace(MARKS_PAST_30, '')
    .replace(LINE_BREAK, '\n')
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ')
    .replace(SPACE_AT_BREAK, '\n')
    .replace(BLANK_LINES, '\n\n')

/** NFKC (ligatures and presentation forms to plain letters), no invisible characters, tidy spaces. */
export const cleanText = (text: string): string => cleanTextStart(text, Infinity).text

// Text is cleaned a piece at a time, and no more of it than the room left: a 50 MB text file was
// cleaned whole (12 to 76 s) to keep its first 3,000,000 characters, and NFKC writes up to 18
// characters for one (U+FDFA), so cleaning before cutting could also build 18 times the file.
const PIECE = 65_536
// Text whose first characters, four times the room, clean to less than the room is padding: the
// rest of it is not read.
const MOST_READ_PER_ROOM = 4

/**
 * The start of `text` cleaned: all of it, or at least `room` characters (for the caller to cut), or
 * what four times `room` cleaned to; and whether any text was left unread.
 */
export function cleanTextStart(text: string, room: number): { text: string; cut: boolean } {
  const pieces: string[] = []
  let length = 0
  let at = 0
  while (at < text.length && length <= room && at < room * MOST_READ_PER_ROOM) {
    const end = pieceEnd(text, at)
    const piece = tidySpaces(text.slice(at, end).replace(MARKS_PAST_30, '').normalize('NFKC'))
    pieces.push(piece)
    length += piece.length
    at = end
  }
  // Joined again, for the spaces and blank lines that meet where two pieces join.
  const cleaned = (pieces.length === 1 ? pieces[0]! : tidySpaces(pieces.join(''))).trim()
  return { text: cleaned, cut: at < text.length && text.slice(at).trim() !== '' }
}

/** Where the piece from `at` ends: after its last space or line break, which NFKC composes nothing with. */
function pieceEnd(text: string, at: number) {
  if (text.length - at <= PIECE) return text.length
  const piece = text.slice(at, at + PIECE)
  const after = Math.max(piece.lastIndexOf(' '), piece.lastIndexOf('\n')) + 1
  if (after > 0) return at + after
  // Without one, "\r\n" and surrogate pairs stay whole (a combining mark there may stay uncomposed).
  const last = piece.charCodeAt(PIECE - 1)
  return at + (last === 13 || (last >= 0xd800 && last <= 0xdbff) ? PIECE - 1 : PIECE)
}
