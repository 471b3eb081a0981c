import PDFDocument from 'pdfkit'

import { drawnReport } from './markdown-blocks'
import { fitted, printable } from './pdf-lines'
import { ACCENT, contentWidth, type Doc, INK, MARGIN, MUTED, RULE } from './pdf-style'
import { writeTable } from './pdf-table'
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

function writeBlock(doc: Doc, block: Block) {
  doc.fillColor(INK)
  switch (block.kind) {
    case 'heading':
      if (doc.y > doc.page.height - MARGIN - 60) doc.addPage()
      doc.moveDown(0.4).font('Helvetica-Bold').fontSize(13).fillColor(ACCENT)
      doc.text(fitted(doc, block.text, contentWidth(doc)), { width: contentWidth(doc) })
      doc.font('Helvetica').fontSize(11).fillColor(INK).moveDown(0.3)
      return
    case 'paragraph':
      doc.fontSize(11)
      writeRuns(doc, block.runs, { width: contentWidth(doc), lineGap: 2 })
      doc.moveDown(0.5)
      return
    case 'list':
      doc.fontSize(11)
      block.items.forEach((item, index) => {
        const marker = block.ordered ? `${index + 1}.` : '•'
        const top = doc.y
        doc.text(marker, MARGIN, top, { width: 18 })
        doc.y = top
        doc.x = MARGIN + 22
        writeRuns(doc, item, { width: contentWidth(doc) - 22, lineGap: 2 })
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

  for (const block of report.blocks) writeBlock(doc, block)

  if (report.references.length) {
    writeBlock(doc, { kind: 'heading', text: 'Sources' })
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
