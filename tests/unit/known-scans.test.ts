import { describe, expect, it } from 'vitest'

import type { OcrProgress } from '../../api/ingest/extraction-types'
import { extractPdf } from '../../api/ingest/extractors/pdf'
import { startOwnRunClock } from '../../api/ingest/run-clock'
import { letterOfIntentPdf } from '../support/scanned-pdf'

// Pages 2 and 3 of the letter are scans; page 1 is typed.
// pdf.js takes the bytes it is given (they are detached), so each read is given its own copy.
const limits = (ocr: {
  maxPixels?: number
  stopAfterMs?: number
  scans?: Array<{ pageNumber: number; dpi: number }>
}) => ({
  maxChars: 100_000,
  ocr: { maxPages: 10, maxPixels: 4_000_000, stopAfterMs: 60_000, spentMs: startOwnRunClock(), done: [], ...ocr },
})

describe('the scans a run of a PDF found', () => {
  it('are looked for when not given, and taken as given by a further run', async () => {
    const bytes = await letterOfIntentPdf()
    const looked = await extractPdf(bytes.slice(), limits({ maxPixels: 0 }))
    expect(looked.scannedPages).toBe(2)
    expect(looked.notes).toContain(
      'Pages 2 and 3 are scans: the memory allowed for reading a document is too small to read scans by OCR.',
    )
    const given = await extractPdf(bytes.slice(), limits({ maxPixels: 0, scans: [{ pageNumber: 3, dpi: 200 }] }))
    expect(given.scannedPages).toBe(1)
    expect(given.notes).toContain(
      'Page 3 is a scan: the memory allowed for reading a document is too small to read scans by OCR.',
    )
  })

  it('are handed on by a run whose time ran out before a page, which a run given them is not', async () => {
    const bytes = await letterOfIntentPdf()
    const heard: OcrProgress[] = []
    const first = await extractPdf(bytes.slice(), {
      ...limits({ stopAfterMs: 0 }),
      ocr: { ...limits({ stopAfterMs: 0 }).ocr, onProgress: (progress) => heard.push(progress) },
    })
    expect(first.ocrUnfinished).toBe(true)
    const scans = heard[0]?.scans
    expect(scans?.map((scan) => scan.pageNumber)).toEqual([2, 3])
    expect(scans?.every((scan) => scan.dpi > 150 && scan.dpi < 250)).toBe(true)

    const further = await extractPdf(bytes.slice(), limits({ stopAfterMs: 0, scans }))
    expect(further.ocrUnfinished).toBe(false)
    expect(further.notes).toContain('Pages 2 and 3 were not read by OCR: reading the document reached its time limit.')
  })
})
