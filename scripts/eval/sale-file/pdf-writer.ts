import PDFDocument from 'pdfkit'

import { isFigure, type Part, type Table } from './blocks'
import { tableLines } from './writers'

/**
 * The parts as a text PDF in Helvetica (so pdf.js reads its text back): tables drawn with rules, or
 * laid out by spacing alone, their columns aligned by x position, figures right-aligned.
 */

type Doc = PDFKit.PDFDocument

const MARGIN = 54
const FONT_SIZE = 9
const ROW = 14
const PAD = 5

/** Each column's width at `size` points: the widest cell, padded, and never narrower than a floor. */
function columnWidths(doc: Doc, table: Table, size = FONT_SIZE) {
  // Measured at the writer's size and scaled: a string's width is in proportion to its type size.
  const scale = size / FONT_SIZE
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE)
  const lines = tableLines(table)
  const columns = Math.max(...lines.map((line) => line.length))
  return Array.from({ length: columns }, (_, column) => {
    const widest = Math.max(
      ...lines.map((line, index) => {
        const spans = table.spans?.some((span) => span.row === index && column >= span.from && column <= span.to)
        return spans ? 0 : doc.widthOfString(line[column] ?? '')
      }),
    )
    // Columns stand well apart: the reader tells cells apart by the gap between them.
    return Math.max(column === 0 ? 120 : 48, widest + PAD * 2 + (column === 0 ? 12 : 10)) * scale
  })
}

/**
 * The type size a table is drawn at: the writer's own, or smaller for a table wider than the page
 * even turned to landscape, as a spreadsheet printed "fit to page width" is. Drawn past the page's
 * edge, its last columns would not be in the file a person reads, though its numbers would be in
 * the gold.
 */
function fittingSize(doc: Doc, table: Table) {
  const room = doc.page.width - MARGIN * 2
  const wide = columnWidths(doc, table).reduce((a, b) => a + b, 0)
  return wide > room ? Math.floor(((FONT_SIZE * room) / wide) * 10) / 10 : FONT_SIZE
}

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage()
}

function drawTable(doc: Doc, table: Table, ruled: boolean) {
  const size = fittingSize(doc, table)
  const pad = (PAD * size) / FONT_SIZE
  const widths = columnWidths(doc, table, size)
  const lefts = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((a, b) => a + b, 0))
  const right = lefts.at(-1)! + widths.at(-1)!
  // A rule between two columns under a spanning header label starts below it, on the table's first page.
  const under = (column: number) => table.spans?.some((span) => column > span.from && column <= span.to) ?? false
  const rules = (top: number, bottom: number, first: boolean) => {
    if (!ruled) return
    doc.lineWidth(0.5).strokeColor('#555555')
    doc.rect(MARGIN, top, right - MARGIN, bottom - top).stroke()
    lefts.forEach((left, column) => {
      if (column === 0) return
      const from = first && under(column) ? top + ROW : top
      doc.moveTo(left, from).lineTo(left, bottom).stroke()
    })
  }
  const headerRows = table.header.length
  const lines = tableLines(table)
  doc.moveDown(0.5)
  let top = doc.y
  let first = true
  lines.forEach((line, index) => {
    const row = index >= headerRows ? table.rows[index - headerRows]! : null
    if (doc.y + ROW > doc.page.height - MARGIN) {
      rules(top, doc.y, first)
      doc.addPage()
      top = doc.y
      first = false
    }
    const y = doc.y
    const bold = !row || row.kind === 'total' || row.kind === 'section'
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor('#000000')
    for (let column = 0; column < line.length; column++) {
      const text = line[column]!
      const span = !row ? table.spans?.find((each) => each.row === index && each.from === column) : undefined
      const last = span ? span.to : column
      const width = lefts[last]! + widths[last]! - lefts[column]! - pad * 2
      if (text) {
        const align = span ? 'center' : column === 0 ? 'left' : 'right'
        doc.text(text, lefts[column]! + pad, y + 3, { width, align, lineBreak: false })
      }
      column = last
    }
    if (ruled && (index === headerRows - 1 || row?.kind === 'total'))
      doc
        .lineWidth(0.5)
        .moveTo(MARGIN, y + (row ? 0 : ROW))
        .lineTo(right, y + (row ? 0 : ROW))
        .stroke()
    doc.y = y + ROW
    doc.x = MARGIN
  })
  rules(top, doc.y, first)
  doc.moveDown(0.8)
}

/** Wide tables (a five-year statement with a change column) turn the page to landscape. */
function layout(parts: Part[]) {
  const probe = new PDFDocument({ size: 'LETTER', margin: MARGIN })
  const widest = Math.max(
    0,
    ...parts.flatMap((part) =>
      part.blocks.flatMap((block) =>
        block.kind === 'table' ? [columnWidths(probe, block.table).reduce((a, b) => a + b, 0)] : [],
      ),
    ),
  )
  return widest > 612 - MARGIN * 2 ? 'landscape' : 'portrait'
}

export function writePdf(parts: Part[], ruled: boolean, date: Date): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: layout(parts),
    margin: MARGIN,
    info: { CreationDate: date, Producer: 'PDFKit', Creator: 'Microsoft Word' },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })
  const width = doc.page.width - MARGIN * 2
  parts.forEach((part, index) => {
    if (index > 0) doc.addPage()
    for (const block of part.blocks) {
      doc.x = MARGIN
      switch (block.kind) {
        case 'table':
          drawTable(doc, block.table, ruled)
          break
        case 'spacer':
          doc.moveDown(1)
          break
        case 'title':
          ensureRoom(doc, 40)
          doc.font('Helvetica-Bold').fontSize(14).text(block.text, { width }).moveDown(0.4)
          break
        case 'heading':
          ensureRoom(doc, 40)
          doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).text(block.text, { width }).moveDown(0.3)
          break
        case 'note':
          doc.font('Helvetica-Oblique').fontSize(8.5).text(block.text, { width }).moveDown(0.4)
          break
        default:
          doc.font('Helvetica').fontSize(10).text(block.text, { width, lineGap: 2 }).moveDown(0.5)
      }
    }
  })
  doc.end()
  return done
}

/** Whether a part holds a figure table, which a ruled layout draws with lines. */
export const hasTable = (parts: Part[]) =>
  parts.some((part) =>
    part.blocks.some((block) => block.kind === 'table' && block.table.rows.some((row) => row.cells.some(isFigure))),
  )
