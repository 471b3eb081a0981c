import type { FileType } from '../db/schema'
import { type Extraction, ExtractionError, type ExtractionLimits } from './extraction-types'
import { extractDelimited } from './extractors/delimited'
import { extractPdf } from './extractors/pdf'
import { extractPlainText } from './extractors/plain-text'
import { extractSpreadsheet } from './extractors/spreadsheet'
import { extractWord } from './extractors/word'

/** Reads the text of a file of the given type. Throws ExtractionError with a reason for its owner. */
export async function extractText(type: FileType, bytes: Uint8Array, limits: ExtractionLimits): Promise<Extraction> {
  const extraction = await byType(type, bytes, limits)
  if (!extraction.ocrUnfinished && !extraction.pages.some((page) => page.text.trim()))
    throw new ExtractionError(noTextReason(extraction))
  return extraction
}

/** Why a document has no text; for scans, what became of them (OCR off, pages left unread) when something did. */
function noTextReason({ scannedPages = 0, notes }: Extraction) {
  if (scannedPages === 0)
    return 'No text could be found in this document. It may be empty, or its pages may hold only drawings or handwriting, which are not read.'
  return notes.length
    ? `No text could be found in this document. ${notes.join(' ')}`
    : 'No text could be found in this document: OCR found no readable text in its scanned pages.'
}

function byType(type: FileType, bytes: Uint8Array, limits: ExtractionLimits) {
  switch (type) {
    case 'pdf':
      return extractPdf(bytes, limits)
    case 'doc':
    case 'docx':
      return extractWord(bytes, type, limits)
    case 'xls':
    case 'xlsx':
      return extractSpreadsheet(bytes, limits)
    case 'csv':
      return extractDelimited(bytes, limits)
    case 'txt':
      return extractPlainText(bytes, limits)
  }
}

export { ExtractionError }
