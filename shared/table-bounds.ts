/**
 * How much of a table any renderer draws (issue 43): the chat page (react-markdown), the PDF and the
 * Word file. A Markdown table is cheap to write and dear to draw: GFM gives every row as many cells
 * as the header has, so 8,000 characters of Markdown made two million cells; and a PDF lays out a
 * cell's text line by line. A table is cut to these bounds before it is drawn, and the reader is told
 * what was left out, under the table and by "…" at the end of a cut cell.
 *
 * The product's own tables fit whole: the widest is the action plan's, MAX_TASKS (500) tasks of five
 * columns with titles of MAX_TASK_TITLE (500) characters; a table quoted from a spreadsheet keeps
 * three years of monthly columns beside its label.
 */

/** Columns drawn; a table's further columns are left out. */
export const MAX_TABLE_COLUMNS = 40
/** Body cells drawn (rows × columns kept): a table keeps as many rows as fit, 100 at 40 columns, 800 at 5. */
export const MAX_TABLE_CELLS = 4_000
/** Characters of one cell drawn; a longer cell ends with "…" after them. */
export const MAX_TABLE_CELL_CHARS = 1_000

export const CUT_MARK = '…'

/** A table's size and what of it is drawn: columns, body rows, and cells cut short. */
export interface TableCut {
  columns: number
  rows: number
  keptColumns: number
  keptRows: number
  cutCells: number
}

/** The columns and body rows drawn of a table of `columns` by `rows`. */
export function tableBounds(columns: number, rows: number) {
  const keptColumns = Math.min(columns, MAX_TABLE_COLUMNS)
  return { keptColumns, keptRows: Math.min(rows, Math.floor(MAX_TABLE_CELLS / Math.max(keptColumns, 1))) }
}

/** Where to cut `text` to keep at most `length` UTF-16 units, never between the halves of a surrogate pair. */
export function cutAt(text: string, length: number) {
  const code = text.charCodeAt(length - 1)
  return code >= 0xd800 && code <= 0xdbff ? length - 1 : length
}

/** A cell's text as drawn: its first MAX_TABLE_CELL_CHARS characters, then "…" if there were more. */
export function boundedCell(text: string) {
  return text.length > MAX_TABLE_CELL_CHARS ? text.slice(0, cutAt(text, MAX_TABLE_CELL_CHARS)) + CUT_MARK : text
}

const count = (value: number) => value.toLocaleString('en-US')

/**
 * What was left out of a table, in words for under it ("Table cut to 40 of 1,000 columns and 100 of
 * 1,998 rows."), or null when it is drawn whole.
 */
export function tableCutNote({ columns, rows, keptColumns, keptRows, cutCells }: TableCut): string | null {
  const sizes = [
    keptColumns < columns ? `${count(keptColumns)} of ${count(columns)} columns` : null,
    keptRows < rows ? `${count(keptRows)} of ${count(rows)} rows` : null,
  ].filter(Boolean)
  const sentences = [
    sizes.length ? `Table cut to ${sizes.join(' and ')}.` : null,
    cutCells
      ? `${cutCells === 1 ? '1 cell' : `${count(cutCells)} cells`} cut to ${count(MAX_TABLE_CELL_CHARS)} characters.`
      : null,
  ].filter(Boolean)
  return sentences.length ? sentences.join(' ') : null
}

/**
 * A table of text as an export draws it: the rows and columns within the bounds, each row as many
 * cells as the table has columns, each cell bounded, and the note saying the cut. Linear in what it
 * is given and never larger than the bounds: a short row is padded only once it is kept.
 */
export function boundedTable(header: string[], rows: string[][]) {
  // A table has a column at least, so every row drawn has a cell.
  let columns = Math.max(header.length, 1)
  for (const row of rows) columns = Math.max(columns, row.length)
  const { keptColumns, keptRows } = tableBounds(columns, rows.length)
  let cutCells = 0
  const cells = (row: string[]) =>
    Array.from({ length: keptColumns }, (_, index) => {
      const text = row[index] ?? ''
      if (text.length > MAX_TABLE_CELL_CHARS) cutCells++
      return boundedCell(text)
    })
  const kept = {
    header: header.length ? cells(header) : [],
    rows: rows.slice(0, keptRows).map(cells),
  }
  return {
    ...kept,
    columns: keptColumns,
    note: tableCutNote({ columns, rows: rows.length, keptColumns, keptRows, cutCells }),
  }
}
