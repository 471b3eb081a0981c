import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api'

import type { ExtractedPage } from '../../ai/text/pages'
import { cleanText, type OcrSettings, type ScannedPage, type TextBudget } from '../extraction-types'
import { ocrResolution, renderGreyscale } from './render-page'
import { createOcrReader, type OcrReader } from './tesseract-reader'

/** "3", "3 and 5", "3-6, 9 and 12": page numbers as a reader would write them. */
export function pageList(numbers: number[]) {
  const runs: string[] = []
  for (let index = 0; index < numbers.length;) {
    let end = index
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end]! + 1) end++
    runs.push(end > index + 1 ? `${numbers[index]}-${numbers[end]}` : numbers.slice(index, end + 1).join(', '))
    index = end + 1
  }
  const joined = runs.join(', ')
  const last = joined.lastIndexOf(', ')
  return last < 0 ? joined : `${joined.slice(0, last)} and ${joined.slice(last + 2)}`
}

const pagesWord = (numbers: number[]) => `Page${numbers.length > 1 ? 's' : ''} ${pageList(numbers)}`

const scansUnread = (scans: ScannedPage[], why: string) =>
  `${pagesWord(scans.map((scan) => scan.pageNumber))} ${scans.length > 1 ? 'are scans' : 'is a scan'}: ${why}`

/**
 * Reads scanned pages by OCR, in page order, into `pages` (which hold their text layer, if any):
 * up to `maxPages` of them and no more new ones than the organization's allowance has left, none
 * started that would end past `stopAfterMs` of the run's clock, nor once asked to wind down after
 * one was read; pages read by an earlier run taken as they were. Returns notes for the owner about
 * the pages left unread, and `unfinished` when this run's time or turn ran out after it read some
 * pages, so that another run can go on from them.
 */
export async function readScans(
  document: PDFDocumentProxy,
  pages: ExtractedPage[],
  scans: ScannedPage[],
  settings: OcrSettings | undefined,
  budget: TextBudget,
): Promise<{ notes: string[]; unfinished: boolean }> {
  if (!settings)
    return { notes: [scansUnread(scans, 'reading scans by OCR is turned off on this server.')], unfinished: false }
  if (settings.maxPixels === 0) {
    const why = 'the memory allowed for reading a document is too small to read scans by OCR.'
    return { notes: [scansUnread(scans, why)], unfinished: false }
  }
  const chosen = scans.slice(0, settings.maxPages)
  const notes: string[] = []
  const beyond = scans.slice(settings.maxPages).map((scan) => scan.pageNumber)
  if (beyond.length)
    notes.push(
      `${pagesWord(beyond)} ${beyond.length > 1 ? 'were' : 'was'} not read: at most ${settings.maxPages} scanned pages of a document are read by OCR.`,
    )
  const earlier = new Map(settings.done.map((page) => [page.pageNumber, page]))
  let done = chosen.filter((scan) => earlier.has(scan.pageNumber)).length
  const before = done
  settings.onProgress?.({ done, total: chosen.length, scans })
  let reader: OcrReader | undefined
  const unread: number[] = []
  const beyondAllowance: number[] = []
  const undrawable: number[] = []
  // A page is begun only if the slowest page so far would still end in time.
  let slowest = 0
  try {
    for (const scan of chosen) {
      // Out of room for text: the budget's own note says so.
      if (budget.full) break
      let page = earlier.get(scan.pageNumber)
      if (!page) {
        const readNow = done - before
        if (settings.allowance && readNow >= settings.allowance.pagesLeft) {
          beyondAllowance.push(scan.pageNumber)
          continue
        }
        const started = settings.spentMs()
        // Every run reads a page at least, or a run whose start took its whole turn would be
        // followed by another like it.
        const turnOver = readNow > 0 && settings.windDown?.() === true
        if (turnOver || started + slowest >= settings.stopAfterMs) {
          unread.push(scan.pageNumber)
          continue
        }
        const pdfPage = await document.getPage(scan.pageNumber)
        const dpi = ocrResolution(pdfPage, scan.dpi, settings.maxPixels)
        let image: Uint8Array
        try {
          image = await renderGreyscale(document, pdfPage, dpi)
        } catch {
          // pdf.js read the page's text but cannot draw it (a damaged image): the rest are still read.
          undrawable.push(scan.pageNumber)
          continue
        } finally {
          pdfPage.cleanup()
        }
        reader ??= await createOcrReader()
        const read = await reader.read(image, dpi)
        page = { pageNumber: scan.pageNumber, text: cleanText(read.text), confidence: Math.round(read.confidence) }
        slowest = Math.max(slowest, settings.spentMs() - started)
        done++
        settings.onProgress?.({ done, total: chosen.length, page })
      }
      // A scan in which OCR found nothing keeps what text layer it had.
      if (page.text)
        pages[scan.pageNumber - 1] = {
          kind: 'page',
          label: null,
          text: budget.take(page.text),
          ocrConfidence: page.confidence,
        }
    }
  } finally {
    await reader?.close()
  }
  if (undrawable.length) notes.push(`${pagesWord(undrawable)} could not be drawn to be read by OCR.`)
  // A run that read nothing new, though it was given the scans, would be followed by another like it
  // (its text took all its time). One that had to look for them leaves that work done.
  if (unread.length && (done > before || !settings.scans)) return { notes, unfinished: true }
  if (unread.length)
    notes.push(
      `${pagesWord(unread)} ${unread.length > 1 ? 'were' : 'was'} not read by OCR: reading the document reached its time limit.`,
    )
  if (beyondAllowance.length)
    notes.push(
      `${pagesWord(beyondAllowance)} ${beyondAllowance.length > 1 ? 'were' : 'was'} not read by OCR: the organization reached its allowance of ${settings.allowance!.pagesPerDay.toLocaleString('en-US')} scanned pages a day. Reprocess the document later to read them.`,
    )
  return { notes, unfinished: false }
}
