import * as XLSX from '@e965/xlsx'
import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  PageBreak,
  Paragraph,
  Table as WordTable,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx'
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import Papa from 'papaparse'

import { type Cell, isFigure, type Part, type Row, type Table } from './blocks'

/**
 * The writers: the same parts as a workbook, a CSV, a text file with aligned columns or a Word
 * document (PDFs are in pdf-writer.ts). A workbook keeps numbers as numbers with a display format,
 * as an accountant's does; every other format holds the printed text.
 */

export const cellText = (cell: Cell | undefined) => (cell === undefined ? '' : isFigure(cell) ? cell.text : cell)

/** The rows of a table as printed: header rows, then body rows (a spacer row is empty). */
export const tableLines = (table: Table) => [
  ...table.header.map((row) => row.map(cellText)),
  ...table.rows.map((row) => row.cells.map(cellText)),
]

export function writeXlsx(parts: Part[]): Uint8Array<ArrayBuffer> {
  const book = XLSX.utils.book_new()
  // SheetJS keeps the number formats of every workbook it has seen in one table per process and
  // writes them all; a table of this workbook's own formats keeps a seed's bytes the same.
  Object.assign(book, { SSF: { 0: 'General' } })
  for (const part of parts) {
    const rows: Array<Array<string | number>> = []
    const formats: Array<{ r: number; c: number; z: string }> = []
    const merges: XLSX.Range[] = []
    for (const block of part.blocks) {
      if (block.kind === 'spacer') rows.push([])
      else if (block.kind !== 'table') rows.push([block.text])
      else {
        const { table } = block
        for (const span of table.spans ?? [])
          merges.push({ s: { r: rows.length + span.row, c: span.from }, e: { r: rows.length + span.row, c: span.to } })
        for (const cells of [...table.header, ...table.rows.map((row: Row) => row.cells)]) {
          const r = rows.length
          rows.push(
            cells.map((cell, c) => {
              if (!isFigure(cell)) return cell
              formats.push({ r, c, z: cell.format })
              return cell.value
            }),
          )
        }
      }
    }
    const sheet = XLSX.utils.aoa_to_sheet(rows)
    for (const { r, c, z } of formats) sheet[XLSX.utils.encode_cell({ r, c })]!.z = z
    if (merges.length) sheet['!merges'] = merges
    const columns = Math.max(...rows.map((row) => row.length))
    sheet['!cols'] = Array.from({ length: columns }, (_, index) => ({ wch: index === 0 ? 34 : 14 }))
    XLSX.utils.book_append_sheet(book, sheet, part.name)
  }
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

/** Every block as rows of text: a CSV has no room for anything else. */
function textRows(parts: Part[]) {
  return parts.flatMap((part) =>
    part.blocks.flatMap((block): string[][] =>
      block.kind === 'table' ? tableLines(block.table) : block.kind === 'spacer' ? [[]] : [[block.text]],
    ),
  )
}

export function writeCsv(parts: Part[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(strToU8(Papa.unparse(textRows(parts), { newline: '\n' }) + '\n'))
}

/**
 * A table as a text file sets it: columns padded with spaces, labels to the left and figures to the
 * right, at least three spaces between columns; a spanning header centred over its columns.
 */
function alignedTable(table: Table): string[] {
  const lines = tableLines(table)
  const columns = Math.max(...lines.map((line) => line.length))
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(...lines.map((line, index) => (spanned(table, index, column) ? 0 : (line[column] ?? '').length))),
  )
  const gap = '   '
  return lines.map((line, index) => {
    let text = ''
    for (let column = 0; column < line.length; column++) {
      const span = table.spans?.find((each) => each.row === index && each.from === column)
      if (span) {
        const width =
          widths.slice(span.from, span.to + 1).reduce((a, b) => a + b, 0) + gap.length * (span.to - span.from)
        const cell = line[column]!
        const left = Math.floor((width - cell.length) / 2)
        text += gap + ' '.repeat(Math.max(0, left)) + cell.padEnd(width - Math.max(0, left))
        column = span.to
        continue
      }
      const cell = line[column]!
      text += column === 0 ? cell.padEnd(widths[0]!) : gap + cell.padStart(widths[column]!)
    }
    return text.trimEnd()
  })
}

const spanned = (table: Table, row: number, column: number) =>
  table.spans?.some((span) => span.row === row && column >= span.from && column <= span.to) ?? false

export function writeText(parts: Part[]): Uint8Array<ArrayBuffer> {
  const lines = parts.flatMap((part) =>
    part.blocks.flatMap((block): string[] => {
      switch (block.kind) {
        case 'table':
          return [...alignedTable(block.table), '']
        case 'spacer':
          return ['']
        case 'title':
          return [block.text, '='.repeat(block.text.length), '']
        case 'heading':
          return ['', block.text, '-'.repeat(block.text.length)]
        default:
          return [block.text, '']
      }
    }),
  )
  return strToU8(
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n',
  )
}

const runs = (text: string, bold = false) =>
  text.split('\n').map((line, index) => new TextRun({ text: line, bold, break: index > 0 ? 1 : undefined }))

function wordTable(table: Table) {
  const row = (cells: Cell[], header: boolean, index: number) =>
    new TableRow({
      tableHeader: header,
      children: cells.flatMap((cell, column) => {
        const span = header ? table.spans?.find((each) => each.row === index && each.from === column) : undefined
        if (header && !span && spanned(table, index, column)) return []
        return [
          new TableCell({
            columnSpan: span ? span.to - span.from + 1 : undefined,
            children: [
              new Paragraph({
                alignment: isFigure(cell) || (header && column > 0) ? AlignmentType.RIGHT : AlignmentType.LEFT,
                children: runs(cellText(cell), header),
              }),
            ],
          }),
        ]
      }),
    })
  const columns = Math.max(...tableLines(table).map((line) => line.length))
  const padded = (cells: Cell[]) => [...cells, ...Array<Cell>(Math.max(0, columns - cells.length)).fill('')]
  return new WordTable({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      ...table.header.map((cells, index) => row(padded(cells), true, index)),
      ...table.rows.map((each, index) => row(padded(each.cells), false, index + table.header.length)),
    ],
  })
}

/**
 * docx stamps the time it was made in the document's properties and its zip entries; both are set
 * to `date` so a seed's Word files are the same bytes on every run.
 */
function stamped(bytes: Uint8Array, date: Date): Uint8Array<ArrayBuffer> {
  const files = unzipSync(bytes)
  const core = 'docProps/core.xml'
  if (files[core]) {
    const stamp = date.toISOString().replace(/\.\d+Z$/, 'Z')
    files[core] = strToU8(strFromU8(files[core]).replace(/(<dcterms:(?:created|modified)[^>]*>)[^<]*/g, `$1${stamp}`))
  }
  return new Uint8Array(
    zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { mtime: date }]]))),
  )
}

export async function writeDocx(parts: Part[], date: Date): Promise<Uint8Array<ArrayBuffer>> {
  const children = parts.flatMap((part, index) => [
    ...(index > 0 ? [new Paragraph({ children: [new PageBreak()] })] : []),
    ...part.blocks.map((block) => {
      switch (block.kind) {
        case 'table':
          return wordTable(block.table)
        case 'spacer':
          return new Paragraph({ children: [] })
        case 'title':
          return new Paragraph({ heading: HeadingLevel.HEADING_1, children: runs(block.text) })
        case 'heading':
          return new Paragraph({ heading: HeadingLevel.HEADING_2, children: runs(block.text) })
        case 'note':
          return new Paragraph({ children: [new TextRun({ text: block.text, italics: true })] })
        default:
          return new Paragraph({ children: runs(block.text) })
      }
    }),
  ])
  const document = new Document({ creator: 'Owner', sections: [{ children }] })
  return stamped(new Uint8Array(await Packer.toBuffer(document)), date)
}
