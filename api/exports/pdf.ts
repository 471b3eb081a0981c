import PDFDocument from 'pdfkit'

import { drawnReport } from './markdown-blocks'
import { fitted, printable } from './pdf-lines'
import { ACCENT, contentWidth, type Doc, INK, MARGIN, MUTED, RULE } from './pdf-style'
import { tableLead, writeTable } from './pdf-table'
import {
  type Block,
  boundedReport,
  citeMarks,
  type DrawnReport,
  organizationInitial,
  type Report,
  reportDate,
  type Run,
} from './report'

const HEADER_Y = 24

function writeRuns(doc: Doc, runs: Run[], options: PDFKit.Mixins.TextOptions & { width: number }) {
  const parts = runs.filter((run) => run.text.length > 0)
  if (!parts.length) return
  parts.forEach((run, index) => {
    doc.font(run.strong ? 'Helvetica-Bold' : 'Helvetica')
    doc.text(fitted(doc, run.text, options.width), { ...options, continued: index < parts.length - 1 })
  })
  doc.font('Helvetica')
}

const BODY_SIZE = 11
const BODY_GAP = 2
const LIST_INDENT = 22
// The lines of a paragraph a heading above it is kept with.
const LINES_KEPT = 2

const runsText = (runs: Run[]) => runs.map((run) => run.text).join('')

/** The height of a list's item: an item is not split over two pages when one holds it. */
function itemHeight(doc: Doc, item: Run[]) {
  const width = contentWidth(doc) - LIST_INDENT
  return doc.heightOfString(fitted(doc, runsText(item), width), { width, lineGap: BODY_GAP })
}

/**
 * The height the start of a block takes: a table's header and first row, a list's first item, a
 * paragraph's first lines. A heading is kept with it, so no heading ends a page alone.
 */
function leadOf(doc: Doc, block: Block | undefined) {
  if (!block || block.kind === 'heading') return 0
  if (block.kind === 'table') return tableLead(doc, block)
  doc.font('Helvetica').fontSize(BODY_SIZE)
  if (block.kind === 'list') return block.items[0] ? itemHeight(doc, block.items[0]) : 0
  const width = contentWidth(doc)
  const kept = LINES_KEPT * (doc.currentLineHeight(true) + BODY_GAP)
  return Math.min(doc.heightOfString(fitted(doc, runsText(block.runs), width), { width, lineGap: BODY_GAP }), kept)
}

/** The room left on the page: what is below the current line and above the bottom margin. */
const roomLeft = (doc: Doc) => doc.page.height - doc.page.margins.bottom - doc.y

function writeBlock(doc: Doc, block: Block, next?: Block) {
  doc.fillColor(INK)
  switch (block.kind) {
    case 'heading': {
      // The heading, the space around it and the start of what follows go on one page.
      const below = doc.font('Helvetica').fontSize(BODY_SIZE).currentLineHeight(true) * 0.3
      doc.font('Helvetica-Bold').fontSize(13)
      const height =
        doc.currentLineHeight(true) * 0.4 +
        doc.heightOfString(fitted(doc, block.text, contentWidth(doc)), { width: contentWidth(doc) }) +
        below
      if (height + leadOf(doc, next) > roomLeft(doc) && doc.y > doc.page.margins.top) doc.addPage()
      doc.moveDown(0.4).font('Helvetica-Bold').fontSize(13).fillColor(ACCENT)
      doc.text(fitted(doc, block.text, contentWidth(doc)), { width: contentWidth(doc) })
      doc.font('Helvetica').fontSize(BODY_SIZE).fillColor(INK).moveDown(0.3)
      return
    }
    case 'paragraph':
      doc.fontSize(BODY_SIZE)
      writeRuns(doc, block.runs, { width: contentWidth(doc), lineGap: BODY_GAP })
      doc.moveDown(0.5)
      return
    case 'list':
      doc.fontSize(BODY_SIZE)
      block.items.forEach((item, index) => {
        const marker = block.ordered ? `${index + 1}.` : '•'
        // An item a page would hold whole is not split over two: its last lines alone would head a page.
        const height = itemHeight(doc, item)
        if (height > roomLeft(doc) && height <= doc.page.height - doc.page.margins.top - doc.page.margins.bottom)
          doc.addPage()
        const top = doc.y
        doc.text(marker, MARGIN, top, { width: 18 })
        doc.y = top
        doc.x = MARGIN + LIST_INDENT
        writeRuns(doc, item, { width: contentWidth(doc) - LIST_INDENT, lineGap: BODY_GAP })
        doc.x = MARGIN
        doc.moveDown(0.25)
      })
      doc.moveDown(0.3)
      return
    case 'table':
      writeTable(doc, block)
      return
  }
}

function pageFrame(doc: Doc, report: DrawnReport, date: string, page: number, pages: number) {
  const { width, height, margins } = doc.page
  // Text in the margins would otherwise start a new page.
  const bottom = margins.bottom
  margins.bottom = 0
  // The organization's mark: its initial in a square, as the app shows it without a logo.
  doc.save()
  doc.roundedRect(MARGIN, HEADER_Y - 4, 18, 18, 3).fill(ACCENT)
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(printable(organizationInitial(report.organization)), MARGIN, HEADER_Y + 0.5, {
      width: 18,
      align: 'center',
      lineBreak: false,
    })
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(printable(report.organization), MARGIN + 26, HEADER_Y + 1, { width: width / 2, lineBreak: false })
  doc.text(printable(`${report.kind} · ${date}`), width / 2, HEADER_Y + 1, {
    width: width / 2 - MARGIN,
    align: 'right',
    lineBreak: false,
  })
  doc
    .moveTo(MARGIN, HEADER_Y + 20)
    .lineTo(width - MARGIN, HEADER_Y + 20)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
  doc.text(`Page ${page} of ${pages}`, MARGIN, height - MARGIN / 2 - 6, {
    width: width - MARGIN * 2,
    align: 'center',
    lineBreak: false,
  })
  doc.restore()
  margins.bottom = bottom
}

/** The report as a PDF: A4, the organization and page numbers on every page, sources numbered at the end. */
export function reportPdf(made: Report): Promise<Buffer> {
  const report = boundedReport(drawnReport(made))
  // Written once: a frame on each of hundreds of pages would otherwise format it each time.
  const date = reportDate(report)
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN + 8, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: printable(`${report.title} - ${report.kind}`), Author: printable(report.organization) },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK)
  doc.text(fitted(doc, report.title, contentWidth(doc)), { width: contentWidth(doc) })
  doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor(MUTED)
  for (const line of [report.kind, ...report.details, date])
    doc.text(fitted(doc, line, contentWidth(doc)), { width: contentWidth(doc) })
  doc.moveDown(0.8).fillColor(INK).fontSize(11)

  report.blocks.forEach((block, index) => writeBlock(doc, block, report.blocks[index + 1]))

  if (report.references.length) {
    const [first] = report.references
    writeBlock(
      doc,
      { kind: 'heading', text: 'Sources' },
      { kind: 'paragraph', runs: [{ text: `[1] ${first!.document}` }] },
    )
    doc.fontSize(9.5)
    report.references.forEach((reference, index) => {
      const where = reference.location ? `, ${reference.location}` : ''
      writeRuns(
        doc,
        [
          { text: `${citeMarks([index + 1])} ` },
          { text: `${reference.document}${where}`, strong: true },
          ...(reference.quote ? [{ text: `: “${reference.quote}”` }] : []),
        ],
        { width: contentWidth(doc), lineGap: 1 },
      )
      doc.moveDown(0.3)
    })
  }

  const range = doc.bufferedPageRange()
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index)
    pageFrame(doc, report, date, index + 1, range.count)
  }
  doc.end()
  return done
}
