import { createRequire } from 'node:module'
import path from 'node:path'

import { createCanvas, GlobalFonts } from '@napi-rs/canvas'
import { PDFDocument, StandardFonts } from 'pdf-lib'

const require = createRequire(import.meta.url)
// pdf.js ships Liberation Sans for its standard fonts: a real typeface on every machine, with no system font needed.
GlobalFonts.registerFromPath(
  path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/LiberationSans-Regular.ttf'),
  'Scan Sans',
)

/** A page of a generated PDF: paragraphs scanned to an image (no text layer), or typed as real text. */
export interface GeneratedPage {
  paragraphs: string[]
  /** `text` pages carry a real text layer; `scan` pages (the default) are a picture of their text only. */
  kind?: 'scan' | 'text'
  /** Font size in points (11 by default). */
  fontSize?: number
}

export interface ScanOptions {
  /** The scanner's resolution (200 dpi by default, a common office setting). */
  dpi?: number
  /** Grey specks per million pixels, as a dusty glass leaves them (none by default). */
  specks?: number
  /** The page's tilt on the glass, in degrees (none by default). */
  skewDegrees?: number
}

const SENTENCES = [
  'The buyer pays the purchase price in cash at closing, less the amount held back in escrow.',
  'Net working capital is delivered at the agreed target, and any shortfall is repaid dollar for dollar.',
  'The seller gives the usual warranties on title, accounts, tax, employees, contracts and litigation.',
  'Key employees sign retention agreements that pay a bonus twelve and twenty-four months after closing.',
  'The landlord consents to the assignment of the lease of the main warehouse before exchange.',
  'Customer contracts with a change of control clause are listed in schedule four with their renewal dates.',
  'An earn-out of up to one million dollars is paid on the gross margin of the two years after closing.',
  'The seller will not compete with the business within three hundred miles for three years.',
]

/** A full page of a typical agreement: about 380 words of 11 pt text. */
export function agreementPage(number: number): GeneratedPage {
  const paragraphs: string[] = []
  for (let paragraph = 0; paragraph < 6; paragraph++) {
    const sentences = Array.from(
      { length: 4 },
      (_, index) => SENTENCES[(number * 5 + paragraph * 3 + index) % SENTENCES.length]!,
    )
    paragraphs.push(`${number}.${paragraph + 1} ${sentences.join(' ')}`)
  }
  return { paragraphs }
}

const LETTER = { width: 612, height: 792 }
const MARGIN = 72

/**
 * A PDF built as a scanner builds one: each scanned page is a single JPEG of the printed page,
 * with no text in the file at all, so only OCR can read it. Pages marked `text` are typed with
 * Helvetica instead, to mix scanned and born-digital pages in one document.
 */
export async function scannedPdf(pages: GeneratedPage[], options: ScanOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create()
  const helvetica = await pdf.embedFont(StandardFonts.Helvetica)
  for (const page of pages) {
    const pdfPage = pdf.addPage([LETTER.width, LETTER.height])
    const fontSize = page.fontSize ?? 11
    if (page.kind === 'text') {
      const lines = wrap(page.paragraphs, fontSize, (line) => helvetica.widthOfTextAtSize(line, fontSize))
      lines.forEach((line, index) =>
        pdfPage.drawText(line, {
          x: MARGIN,
          y: LETTER.height - MARGIN - (index + 1) * fontSize * 1.4,
          size: fontSize,
          font: helvetica,
        }),
      )
      continue
    }
    const image = await pdf.embedJpg(scanImage(page.paragraphs, fontSize, options))
    pdfPage.drawImage(image, { x: 0, y: 0, width: LETTER.width, height: LETTER.height })
  }
  return new Uint8Array(await pdf.save())
}

/**
 * A long scan made cheaply: one scanned page's picture drawn on each of `pageCount` pages, as the
 * review's 375 KB, 100-page PDF was. The file holds the picture once; OCR reads every page anew.
 */
export async function repeatedScanPdf(
  pageCount: number,
  page: GeneratedPage = agreementPage(1),
  options: ScanOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create()
  const image = await pdf.embedJpg(scanImage(page.paragraphs, page.fontSize ?? 11, options))
  for (let number = 0; number < pageCount; number++)
    pdf
      .addPage([LETTER.width, LETTER.height])
      .drawImage(image, { x: 0, y: 0, width: LETTER.width, height: LETTER.height })
  return new Uint8Array(await pdf.save())
}

/** The printed page as the scanner sees it: black text on white at `dpi`, with specks and tilt if asked. */
function scanImage(paragraphs: string[], fontSize: number, { dpi = 200, specks = 0, skewDegrees = 0 }: ScanOptions) {
  const scale = dpi / 72
  const canvas = createCanvas(Math.round(LETTER.width * scale), Math.round(LETTER.height * scale))
  const context = canvas.getContext('2d')
  context.fillStyle = '#fff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.translate(canvas.width / 2, canvas.height / 2)
  context.rotate((skewDegrees * Math.PI) / 180)
  context.translate(-canvas.width / 2, -canvas.height / 2)
  context.scale(scale, scale)
  context.fillStyle = '#111'
  context.font = `${fontSize}px "Scan Sans"`
  const lines = wrap(paragraphs, fontSize, (line) => context.measureText(line).width)
  lines.forEach((line, index) => context.fillText(line, MARGIN, MARGIN + (index + 1) * fontSize * 1.4))
  context.setTransform(1, 0, 0, 1, 0, 0)
  context.fillStyle = '#777'
  // A fixed sequence, so a page scans the same every time and a test reads the same text.
  let seed = 1
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
  const count = Math.round((specks * canvas.width * canvas.height) / 1e6)
  for (let speck = 0; speck < count; speck++) context.fillRect(random() * canvas.width, random() * canvas.height, 2, 2)
  return canvas.toBuffer('image/jpeg', 85)
}

/** Lines of at most the text width, a blank line between paragraphs. */
function wrap(paragraphs: string[], fontSize: number, width: (line: string) => number) {
  const room = LETTER.width - 2 * MARGIN
  const lines: string[] = []
  for (const paragraph of paragraphs) {
    let line = ''
    for (const word of paragraph.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word
      if (line && width(candidate) > room) {
        lines.push(line)
        line = word
      } else line = candidate
    }
    lines.push(line, '')
  }
  if (lines.length * fontSize * 1.4 > LETTER.height - 2 * MARGIN)
    throw new Error('The paragraphs do not fit on one page.')
  return lines
}

// A signed letter of intent as an owner scans it: the cover page typed (a real text layer), the
// terms scanned (pictures of text only, read by OCR). Each page's sentences are its own, so a
// search names its page.
export const LETTER_OF_INTENT = [
  [
    'Letter of intent between Northwind Freight Limited and the buyer, Albatross Logistics Holdings.',
    'This first page is typed and carries a real text layer, so it is read without OCR.',
  ],
  [
    'The purchase price is four million two hundred thousand dollars, paid in cash at closing.',
    'A further eight hundred thousand dollars stays in escrow for eighteen months against the warranties.',
  ],
  [
    'The seller keeps the warehouse at Quayside Road and leases it to the business for ten years.',
    'Key drivers sign retention agreements before the exclusivity period of ninety days ends.',
  ],
]

export const letterOfIntentPdf = () =>
  scannedPdf([
    { kind: 'text', paragraphs: LETTER_OF_INTENT[0]! },
    { paragraphs: LETTER_OF_INTENT[1]! },
    { paragraphs: LETTER_OF_INTENT[2]! },
  ])
