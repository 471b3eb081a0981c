import { createRequire } from 'node:module'
import path from 'node:path'

import type { ExtractedPage } from '../../ai/text/pages'
import {
  type Extraction,
  ExtractionError,
  type ExtractionLimits,
  type ScannedPage,
  TextBudget,
} from '../extraction-types'
import { pageImages } from '../ocr/page-images'
import { readScans } from '../ocr/read-scans'
import { pageText, type TextItem } from './pdf-text'

const require = createRequire(import.meta.url)
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'))

// A page is taken for a scan when pictures cover most of it and its own text is at most a stamp or
// a page number. Pages without pictures are never read by OCR, even without text: blank pages,
// and drawings such as handwriting in vector ink, where OCR reads noise (the corpus's handwritten
// page gave 47 "words" at a mean confidence of 75, nearly all wrong).
const SCAN_COVERAGE = 0.5
const FEW_CHARACTERS = 100
// Looking for scans makes pdf.js decode a page's images, which reading text never did: a larger
// image is skipped (a letter page scanned at 600 dpi is 34 MP), so a decompression bomb drawn as an
// image costs nothing.
const MAX_IMAGE_PIXELS = 40_000_000

/** Form fields keep their values outside the page text (filled-in tax forms, for instance). */
function fieldValues(annotations: Array<{ fieldName?: string; fieldValue?: unknown }>) {
  return annotations
    .filter(
      (annotation) =>
        typeof annotation.fieldValue === 'string' && annotation.fieldValue.trim() && annotation.fieldValue !== 'Off',
    )
    .map((annotation) => `${annotation.fieldName ?? 'Field'}: ${String(annotation.fieldValue).trim()}`)
}

export async function extractPdf(bytes: Uint8Array, limits: ExtractionLimits): Promise<Extraction> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  let document
  try {
    document = await pdfjs.getDocument({
      data: bytes,
      cMapUrl: `${pdfjsRoot}/cmaps/`,
      cMapPacked: true,
      standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
      isEvalSupported: false,
      maxImageSize: MAX_IMAGE_PIXELS,
      useSystemFonts: false,
      verbosity: 0,
    }).promise
  } catch (error) {
    const name = (error as Error)?.name
    if (name === 'PasswordException') {
      throw new ExtractionError('This PDF is password protected. Remove the password and upload it again.')
    }
    throw new ExtractionError('This PDF is damaged and cannot be read.')
  }
  const budget = new TextBudget(limits.maxChars)
  const pages: ExtractedPage[] = []
  const unreadable: number[] = []
  const scans: ScannedPage[] = []
  const notes: string[] = []
  let ocrUnfinished = false
  // Looking for scans decodes every picture, the largest part of a run before OCR begins: a further
  // run takes the scans its first run found.
  const known = limits.ocr?.scans && new Map(limits.ocr.scans.map((scan) => [scan.pageNumber, scan]))
  try {
    for (let number = 1; number <= document.numPages && !budget.full; number++) {
      try {
        const page = await document.getPage(number)
        const content = await page.getTextContent()
        const fields = fieldValues(await page.getAnnotations())
        const text = budget.takeCleaned([pageText(content.items as TextItem[]), ...fields].join('\n'))
        // A page that filled the budget is no scan, and OCR would have no room left for it.
        if (known) {
          const scan = known.get(number)
          if (scan) scans.push(scan)
        } else if (text.replace(/\s/g, '').length < FEW_CHARACTERS && !budget.full) {
          const images = await pageImages(page, pdfjs.OPS)
          if (images.coverage >= SCAN_COVERAGE) scans.push({ pageNumber: number, dpi: images.dpi })
        }
        pages.push({ kind: 'page', label: null, text })
        page.cleanup()
      } catch {
        unreadable.push(number)
        pages.push({ kind: 'page', label: null, text: '' })
      }
    }
    if (scans.length) {
      const ocr = await readScans(document, pages, scans, limits.ocr, budget)
      notes.push(...ocr.notes)
      ocrUnfinished = ocr.unfinished
    }
  } finally {
    await document.destroy()
  }
  if (unreadable.length === pages.length)
    throw new ExtractionError('No page of this PDF could be read; the file is damaged.')
  notes.unshift(...budget.note())
  if (unreadable.length)
    notes.push(`Page${unreadable.length > 1 ? 's' : ''} ${unreadable.join(', ')} could not be read.`)
  return { pages, notes, scannedPages: scans.length, ocrUnfinished }
}
