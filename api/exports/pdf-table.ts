import { fitted, measuringOnce, printable, wrappedLines } from './pdf-lines'
import { contentWidth, type Doc, INK, MARGIN, MUTED, RULE } from './pdf-style'
import type { Block } from './report'

type Table = Extract<Block, { kind: 'table' }>

const PADDING = 4
const FONT_SIZE = 9
const HEADER_FILL = '#f3f4f6'

/** A row with each cell's lines, laid out once: its height is read from them, then they are drawn. */
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
function columnWidths(table: Table, columns: number, total: number) {
  const lengths = Array<number>(columns).fill(0)
  const rows = table.header.length ? [table.header, ...table.rows] : table.rows
  for (const row of rows) for (let index = 0; index < columns; index++) lengths[index] += row[index]?.length ?? 0
  const weights = lengths.map((length) => Math.sqrt(Math.max(length / Math.max(rows.length, 1), 3)))
  const sum = weights.reduce((a, b) => a + b, 0)
  return weights.map((weight) => total * (0.25 / columns + (0.75 * weight) / sum))
}

/** How a table is laid out on the page: its columns, fonts and the height of rows of so many lines. */
function layout(doc: Doc, table: Table) {
  const columns = Math.max(table.header.length, table.rows[0]?.length ?? 0, 1)
  const total = contentWidth(doc)
  const widths = columnWidths(table, columns, total)
  const bottom = doc.page.height - MARGIN
  let bold = false
  const font = (bolder: boolean) => {
    bold = bolder
    return doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE)
  }
  const lineHeight = font(false).currentLineHeight(true)
  const heightOf = (lines: number) => lines * lineHeight + PADDING * 2
  const lay = (cells: string[], bolder: boolean, measure: (text: string) => number): LaidRow => {
    font(bolder)
    const laid = cells.map((cell, index) => wrappedLines(doc, printable(cell), widths[index]! - PADDING * 2, measure))
    return { bold, cells: laid, lines: Math.max(1, ...laid.map((lines) => lines.length)) }
  }
  // The lines a page holds under the header repeated at its top (or under none, for a tall header).
  const header = (measure: (text: string) => number) => {
    const laid = table.header.length ? lay(table.header, true, measure) : null
    const repeated = laid && heightOf(laid.lines) <= (bottom - doc.page.margins.top) / 4 ? laid : null
    const roomOnAPage = Math.floor(
      (bottom - doc.page.margins.top - (repeated ? heightOf(repeated.lines) : 0) - PADDING * 2) / lineHeight,
    )
    return { laid, repeated, roomOnAPage }
  }
  /**
   * The height the table's start takes: its header and its first row, whole when a page holds the
   * row, else the row's first line. A page that has not this room left holds none of the table.
   */
  const leadOf = (measure: (text: string) => number) => {
    const { laid, roomOnAPage } = header(measure)
    const first = table.rows[0] ? lay(table.rows[0], false, measure) : null
    const firstLines = first ? (first.lines <= roomOnAPage ? first.lines : 1) : 0
    return (laid ? heightOf(laid.lines) : 0) + (first ? heightOf(firstLines) : 0)
  }
  return { total, widths, bottom, font, lineHeight, heightOf, lay, header, leadOf, bold: () => bold }
}

/** The height a table's header and first row take on a page: a heading above it is kept with them. */
export function tableLead(doc: Doc, table: Table) {
  const { leadOf, bold } = layout(doc, table)
  let lead = 0
  measuringOnce(
    doc,
    () => (bold() ? 'Helvetica-Bold' : 'Helvetica'),
    (measure) => {
      lead = leadOf(measure)
    },
  )
  doc.font('Helvetica').fontSize(11)
  return lead
}

/**
 * A table as boundedReport() leaves it, every row as wide as the header: it starts where its header
 * and first row fit together, a row taller than the room left on a page continues on the next, the
 * header drawn again at the top of each page when it is short, and a note under the table says what
 * was cut from it.
 */
export function writeTable(doc: Doc, table: Table) {
  const { total, widths, bottom, font, lineHeight, heightOf, lay, header, leadOf, bold } = layout(doc, table)
  const lefts = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((a, b) => a + b, 0))

  const draw = (row: LaidRow, from: number, count: number) => {
    const top = doc.y
    const height = heightOf(count)
    font(row.bold)
    if (row.bold) doc.rect(MARGIN, top, total, height).fill(HEADER_FILL)
    doc.fillColor(INK)
    row.cells.forEach((lines, index) => {
      const slice = lines.slice(from, from + count)
      // The lines fit already: a point of slack keeps pdfkit from breaking them anew, and the
      // height keeps it from ever starting a page of its own.
      if (slice.some(Boolean))
        doc.text(slice.join('\n'), lefts[index]! + PADDING, top + PADDING, {
          width: widths[index]! - PADDING * 2 + 1,
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

  measuringOnce(
    doc,
    () => (bold() ? 'Helvetica-Bold' : 'Helvetica'),
    (measure) => {
      // The header heads every page the table runs onto, unless it would crowd out the rows.
      const { laid: head, repeated, roomOnAPage } = header(measure)
      // A header is never left alone at the foot of a page: it starts a page with its first row.
      if (doc.y + leadOf(measure) > bottom && doc.y > doc.page.margins.top) doc.addPage()
      let atPageTop = false
      const newPage = () => {
        doc.addPage()
        if (repeated) draw(repeated, 0, repeated.lines)
        atPageTop = true
      }
      const write = (row: LaidRow) => {
        for (let from = 0; from < row.lines;) {
          const room = Math.floor((bottom - doc.y - PADDING * 2) / lineHeight)
          const rest = row.lines - from
          // A row that a page would hold whole starts on a new one rather than being split.
          if (!atPageTop && (room < 1 || (room < rest && rest <= roomOnAPage))) {
            newPage()
            continue
          }
          const count = Math.max(1, Math.min(room, rest))
          draw(row, from, count)
          atPageTop = false
          from += count
          if (from < row.lines) newPage()
        }
      }
      if (head) write(head)
      for (const row of table.rows) write(lay(row, false, measure))
    },
  )

  if (table.note) {
    doc.font('Helvetica').fontSize(FONT_SIZE).fillColor(MUTED)
    doc.text(fitted(doc, table.note, contentWidth(doc)), MARGIN, doc.y + 3, { width: contentWidth(doc) })
    doc.fillColor(INK)
  }
  doc.font('Helvetica').fontSize(11)
  doc.moveDown(0.6)
}
