import { describe, expect, it } from 'vitest'

import { extractText } from '../../api/ingest/extract-text'
import { DAMAGED_WORKBOOK } from '../../api/ingest/extractors/spreadsheet'
import { bombSheet, sheetPart, twoFacedArchive, workbookParts, zipArchive } from '../support/zip-bombs'

const MB = 2 ** 20
const limits = { maxChars: 3_000_000, maxUnpackedBytes: 64 * MB }
const ROWS = [
  ['Revenue', '1496.5'],
  ['Other income', '56.7'],
]

describe('workbooks checked before SheetJS unpacks them', () => {
  it('refuses as damaged a workbook whose directory SheetJS and yauzl would find in different places', async () => {
    // yauzl, and a check built on it, would find a small sheet; SheetJS would unpack 256 MB.
    const bytes = twoFacedArchive(workbookParts(sheetPart(ROWS)), workbookParts(bombSheet(256 * MB)))
    await expect(extractText('xlsx', bytes, limits)).rejects.toThrow(DAMAGED_WORKBOOK)
  })

  it('reads workbooks whose parts are stored unpacked, or whose sizes are left to ZIP64 fields', async () => {
    for (const parts of [
      workbookParts(sheetPart(ROWS, { stored: true })),
      workbookParts(sheetPart(ROWS)).map((part) => ({ ...part, zip64: true })),
    ]) {
      const { pages } = await extractText('xlsx', zipArchive(parts), limits)
      expect(pages[0]!.text).toBe('Forecast\nRevenue | 1496.5\nOther income | 56.7')
    }
  })
})
