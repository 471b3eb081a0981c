import type { FileType } from '../db/schema'
import { compoundFileReadSize } from './compound-file-bounds'
import { type DocumentLimits, type Extraction, ExtractionError } from './extraction-types'
import { extractDelimited } from './extractors/delimited'
import { extractPdf } from './extractors/pdf'
import { extractPlainText } from './extractors/plain-text'
import { DAMAGED_WORKBOOK, extractSpreadsheet } from './extractors/spreadsheet'
import { DAMAGED_DOCX, extractWord } from './extractors/word'
import { type ArchiveWords, checkZipUnpacks, unpacksTooLarge } from './zip-bounds'

const WORKBOOK: ArchiveWords = {
  noun: 'workbook',
  advice: 'Split it into smaller workbooks, or remove sheets and pictures it does not need, and upload it again.',
  damaged: DAMAGED_WORKBOOK,
}
const WORD_DOCUMENT: ArchiveWords = {
  noun: 'Word document',
  advice: 'Split it into smaller documents, or remove pictures it does not need, and upload it again.',
  damaged: DAMAGED_DOCX,
}

/** Reads the text of a file of the given type. Throws ExtractionError with a reason for its owner. */
export async function extractText(type: FileType, bytes: Uint8Array, limits: DocumentLimits): Promise<Extraction> {
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

async function byType(type: FileType, bytes: Uint8Array, limits: DocumentLimits) {
  switch (type) {
    case 'pdf':
      return extractPdf(bytes, limits)
    case 'docx':
      await checkZipUnpacks(bytes, limits.maxUnpackedBytes, WORD_DOCUMENT)
      return extractWord(bytes, type, limits)
    case 'doc':
      return extractWord(bytes, type, limits)
    case 'xlsx':
      await checkZipUnpacks(bytes, limits.maxUnpackedBytes, WORKBOOK)
      return extractSpreadsheet(bytes, limits)
    case 'xls':
      // word-extractor reads a .doc's few streams from the file sector by sector, so only
      // SheetJS's reading of a compound file can copy more than the file holds.
      if (compoundFileReadSize(bytes, limits.maxUnpackedBytes) > limits.maxUnpackedBytes)
        throw unpacksTooLarge(WORKBOOK, limits.maxUnpackedBytes)
      return extractSpreadsheet(bytes, limits)
    case 'csv':
      return extractDelimited(bytes, limits)
    case 'txt':
      return extractPlainText(bytes, limits)
  }
}

export { ExtractionError }
