import PDFDocument from 'pdfkit'

import { type Block, citeMarks, type Report, reportDate, type Run } from './report'

const MARGIN = 56
const HEADER_Y = 24
const INK = '#111827'
const MUTED = '#4b5563'
const ACCENT = '#1e40af'
const RULE = '#d1d5db'

/**
 * The standard PDF fonts (Helvetica) carry Windows-1252's characters only: anything else would print
 * as the wrong glyph, so it is spelled out in its nearest Latin form, or "?" where it has none. A
 * figure or a name in Latin script is never changed.
 */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'])
// Signs of working out (the value gap's "$5,000,000 − $4,833,099.3") that have a plain spelling.
const NEAREST: Record<string, string> = { '−': '-', '≤': '<=', '≥': '>=', '→': '->', '≠': '!=' }
function printable(text: string) {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char))
      out += char
    else if (char === '\t') out += ' '
    else if (NEAREST[char]) out += NEAREST[char]
    else if (code < 0x20) continue
    else {
      const latin = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
      out += /^[\x20-\x7e]+$/.test(latin) ? latin : '?'
    }
  }
  return out
}

type Doc = InstanceType<typeof PDFDocument>

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2

function writeRuns(doc: Doc, runs: Run[], options: PDFKit.Mixins.TextOptions = {}) {
  const parts = runs.filter((run) => run.text.length > 0)
  if (!parts.length) return
  parts.forEach((run, index) => {
    doc.font(run.strong ? 'Helvetica-Bold' : 'Helvetica')
    doc.text(printable(run.text), { ...options, continued: index < parts.length - 1 })
  })
  doc.font('Helvetica')
}

function writeTable(doc: Doc, header: string[], rows: string[][]) {
  const columns = Math.max(header.length, ...rows.map((row) => row.length), 1)
  const width = contentWidth(doc) / columns
  const padding = 4
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9)
    const texts = Array.from({ length: columns }, (_, index) => printable(cells[index] ?? ''))
    const height =
      Math.max(...texts.map((text) => doc.heightOfString(text || ' ', { width: width - padding * 2 }))) + padding * 2
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage()
    const top = doc.y
    texts.forEach((text, index) => {
      const left = MARGIN + index * width
      if (bold) doc.rect(left, top, width, height).fill('#f3f4f6').fillColor(INK)
      doc.rect(left, top, width, height).lineWidth(0.5).strokeColor(RULE).stroke()
      doc.text(text, left + padding, top + padding, { width: width - padding * 2 })
    })
    doc.x = MARGIN
    doc.y = top + height
  }
  if (header.length) drawRow(header, true)
  for (const row of rows) drawRow(row, false)
  doc.font('Helvetica').fontSize(11)
  doc.moveDown(0.6)
}

function writeBlock(doc: Doc, block: Block) {
  doc.fillColor(INK)
  switch (block.kind) {
    case 'heading':
      if (doc.y > doc.page.height - MARGIN - 60) doc.addPage()
      doc.moveDown(0.4).font('Helvetica-Bold').fontSize(13).fillColor(ACCENT).text(printable(block.text))
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
      writeTable(doc, block.header, block.rows)
      return
  }
}

function pageFrame(doc: Doc, report: Report, page: number, pages: number) {
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
    .text(printable(report.organization.trim().charAt(0).toUpperCase() || '?'), MARGIN, HEADER_Y + 0.5, {
      width: 18,
      align: 'center',
      lineBreak: false,
    })
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(printable(report.organization), MARGIN + 26, HEADER_Y + 1, { width: width / 2, lineBreak: false })
  doc.text(printable(`${report.kind} · ${reportDate(report)}`), width / 2, HEADER_Y + 1, {
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
export function reportPdf(report: Report): Promise<Buffer> {
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

  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(printable(report.title), { width: contentWidth(doc) })
  doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor(MUTED)
  for (const line of [report.kind, ...report.details, reportDate(report)]) doc.text(printable(line))
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
    pageFrame(doc, report, index + 1, range.count)
  }
  doc.end()
  return done
}
