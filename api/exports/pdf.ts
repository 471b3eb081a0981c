import PDFDocument from 'pdfkit'

import { breakLongWords, wrappedLines } from './pdf-lines'
import { type Block, boundedReport, citeMarks, organizationInitial, type Report, reportDate, type Run } from './report'

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

/** Text as pdfkit is given it to fill `width` in the current font: printable, its too-long words broken. */
const fitted = (doc: Doc, text: string, width: number) =>
  breakLongWords(printable(text), width, (part) => doc.widthOfString(part))

function writeRuns(doc: Doc, runs: Run[], options: PDFKit.Mixins.TextOptions & { width: number }) {
  const parts = runs.filter((run) => run.text.length > 0)
  if (!parts.length) return
  parts.forEach((run, index) => {
    doc.font(run.strong ? 'Helvetica-Bold' : 'Helvetica')
    doc.text(fitted(doc, run.text, options.width), { ...options, continued: index < parts.length - 1 })
  })
  doc.font('Helvetica')
}

const CELL_PADDING = 4
const TABLE_FONT_SIZE = 9

/** A row of a table with each cell's lines, laid out once: its height is read from them, then they are drawn. */
interface LaidRow {
  bold: boolean
  cells: string[][]
  lines: number
}

/**
 * Each column's width by what it holds: shares by the square root of its cells' mean length, so a
 * column of task titles is wider than one of dates without starving the dates, and never less than a
 * quarter of an equal share. Equal columns gave a plan's titles 26 lines a row beside dates of two.
 */
function columnWidths(table: Extract<Block, { kind: 'table' }>, columns: number, total: number) {
  const lengths = Array<number>(columns).fill(0)
  const rows = table.rows.length + (table.header.length ? 1 : 0)
  for (const row of table.header.length ? [table.header, ...table.rows] : table.rows)
    for (let index = 0; index < columns; index++) lengths[index] += row[index]?.length ?? 0
  const weights = lengths.map((length) => Math.sqrt(Math.max(length / Math.max(rows, 1), 3)))
  const sum = weights.reduce((a, b) => a + b, 0)
  return weights.map((weight) => total * (0.25 / columns + (0.75 * weight) / sum))
}

/**
 * A table as boundedReport() leaves it: a row whose cells are taller than the page's room continues
 * on the next, the header drawn again at the top of each page when it is short; a note under the
 * table says what was cut from it.
 */
function writeTable(doc: Doc, table: Extract<Block, { kind: 'table' }>) {
  const columns = Math.max(table.header.length, table.rows[0]?.length ?? 0, 1)
  const total = contentWidth(doc)
  const widths = columnWidths(table, columns, total)
  const lefts = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((a, b) => a + b, 0))
  const bottom = doc.page.height - MARGIN
  const font = (bold: boolean) => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(TABLE_FONT_SIZE)
  const lineHeight = font(false).currentLineHeight(true)
  // A table's rows repeat their words (owners, statuses, dates): each is measured once per font.
  const measured = new Map<string, number>()
  const lay = (cells: string[], bold: boolean): LaidRow => {
    font(bold)
    const measure = (part: string) => {
      const key = bold ? `b${part}` : `r${part}`
      let width = measured.get(key)
      if (width === undefined) measured.set(key, (width = doc.widthOfString(part)))
      return width
    }
    const laid = cells.map((cell, index) =>
      wrappedLines(doc, printable(cell), widths[index]! - CELL_PADDING * 2, measure),
    )
    return { bold, cells: laid, lines: Math.max(1, ...laid.map((lines) => lines.length)) }
  }
  const heightOf = (lines: number) => lines * lineHeight + CELL_PADDING * 2

  const drawSlice = (row: LaidRow, from: number, count: number) => {
    const top = doc.y
    const height = heightOf(count)
    font(row.bold)
    if (row.bold) doc.rect(MARGIN, top, total, height).fill('#f3f4f6')
    doc.fillColor(INK)
    row.cells.forEach((lines, index) => {
      const slice = lines.slice(from, from + count)
      // The lines already fit: the point of slack keeps pdfkit from breaking them anew, and the
      // height from ever starting a page of its own.
      if (slice.some(Boolean))
        doc.text(slice.join('\n'), lefts[index]! + CELL_PADDING, top + CELL_PADDING, {
          width: widths[index]! - CELL_PADDING * 2 + 1,
          height,
        })
    })
    // The row's borders as one path, stroked once.
    doc.rect(MARGIN, top, total, height)
    for (const left of lefts.slice(1)) doc.moveTo(left, top).lineTo(left, top + height)
    doc.lineWidth(0.5).strokeColor(RULE).stroke()
    doc.x = MARGIN
    doc.y = top + height
  }

  const header = table.header.length ? lay(table.header, true) : null
  // The header heads every page the table runs onto, unless it would crowd out the rows.
  const repeated = header && heightOf(header.lines) <= (bottom - doc.page.margins.top) / 4 ? header : null
  let atPageTop = false
  const newPage = () => {
    doc.addPage()
    if (repeated) drawSlice(repeated, 0, repeated.lines)
    atPageTop = true
  }
  const freshRoom = () =>
    Math.floor(
      (bottom - doc.page.margins.top - (repeated ? heightOf(repeated.lines) : 0) - CELL_PADDING * 2) / lineHeight,
    )

  const write = (row: LaidRow) => {
    for (let from = 0; from < row.lines;) {
      const room = Math.floor((bottom - doc.y - CELL_PADDING * 2) / lineHeight)
      const rest = row.lines - from
      // A row that a fresh page would hold whole starts on one rather than being split.
      if (!atPageTop && (room < 1 || (room < rest && rest <= freshRoom()))) {
        newPage()
        continue
      }
      const count = Math.max(1, Math.min(room, rest))
      drawSlice(row, from, count)
      atPageTop = false
      from += count
      if (from < row.lines) newPage()
    }
  }
  if (header) write(header)
  for (const row of table.rows) write(lay(row, false))

  if (table.note) {
    doc.font('Helvetica').fontSize(TABLE_FONT_SIZE).fillColor(MUTED)
    doc.text(fitted(doc, table.note, contentWidth(doc)), MARGIN, doc.y + 3, { width: contentWidth(doc) })
    doc.fillColor(INK)
  }
  doc.font('Helvetica').fontSize(11)
  doc.moveDown(0.6)
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

function pageFrame(doc: Doc, report: Report, date: string, page: number, pages: number) {
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
  const report = boundedReport(made)
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
