/**
 * Cell citations (decision 015): an answer computed from a table names each operand's cell by its
 * chunk, the table's place among the tables of the chunk's text, and the row and column in that
 * table. A citation of a passage names the table rows the answer took from it the same way (decision
 * 061). The chat links to the cell or the rows and the document view highlights them; both tiers
 * build and read the links here.
 */

/** Where one operand of a computed answer was read. */
export interface CellCitation {
  /** The `[n]` of the message's `document_references` that cites the cell's passage; null when the answer does not cite it. */
  reference: number | null
  document_id: number
  chunk_id: number
  /** The table's index among the tables of the chunk's text, as the table reader finds them. */
  table: number
  /** Row and column in that table, from 0; row 0 is usually a header row. */
  row: number
  column: number
  row_label: string
  column_label: string
  /** The cell as the document writes it ("$ 1,496.5"). */
  text: string
  page_number: number | null
  sheet_name: string | null
}

/** A piece of a derivation: text, or an operand as the formula writes it. */
export type DerivationPart = string | { operand: number; text: string }

/** The working of a computed answer, saved with its message: the figure and the formula whose operands cite their cells. */
export interface MessageDerivation {
  /** The result with its scale and unit: "24.41%", "$293.6 thousand". */
  figure: string
  /** The formula in pieces: `(`, operand 0, ` − `, operand 1, `) / `, operand 1, ` = 24.41%`. */
  parts: DerivationPart[]
  operands: CellCitation[]
  /** How it was answered, when from the facts read at ingestion: a strategy's name ("lookup"). */
  strategy?: string
}

export interface CellPosition {
  table: number
  row: number
  column: number
}

// Bounded so a hand-made link cannot ask for absurd positions.
const CELL_PARAM = /^(\d{1,3})\.(\d{1,6})\.(\d{1,4})$/

/** The `cell` query parameter of a document link: `{table}.{row}.{column}`. */
export const cellParam = ({ table, row, column }: CellPosition) => `${table}.${row}.${column}`

export function parseCellParam(value: string | null | undefined): CellPosition | null {
  const match = CELL_PARAM.exec(value ?? '')
  return match ? { table: Number(match[1]), row: Number(match[2]), column: Number(match[3]) } : null
}

/** The id of a highlighted cell in the document view, which a cell link's fragment targets. */
export const cellAnchor = (chunkId: number, { table, row, column }: CellPosition) =>
  `cell-${chunkId}-${table}-${row}-${column}`

/** The document view at the cell: its chunk's page, the table drawn with the cell highlighted. */
export const cellHref = (cell: Pick<CellCitation, 'document_id' | 'chunk_id'> & CellPosition) =>
  `/documents/${cell.document_id}?chunk=${cell.chunk_id}&cell=${cellParam(cell)}#${cellAnchor(cell.chunk_id, cell)}`

/** A row of a cited passage's table: the table's index among the chunk's tables, and the row as the document lays it out. */
export interface RowPosition {
  table: number
  row: number
}

// Bounded so a hand-made link cannot ask for absurd positions or make the page read a long list.
const ROW_PARAM = /^(\d{1,3})\.(\d{1,6})$/
const MAX_ROWS = 50

/** The `rows` query parameter of a passage link: `{table}.{row}`, comma-separated. */
export const rowsParam = (rows: RowPosition[]) => rows.map(({ table, row }) => `${table}.${row}`).join(',')

/** The rows a link names; what is not a row position is left out. */
export function parseRowsParam(value: string | null | undefined): RowPosition[] {
  return (value ?? '').split(',', MAX_ROWS).flatMap((part) => {
    const match = ROW_PARAM.exec(part)
    return match ? [{ table: Number(match[1]), row: Number(match[2]) }] : []
  })
}

/**
 * The document view at a cited passage, which it marks: the rows the answer took from it when it
 * names some (a figure from one row of a CSV marks that row, not the table), else the whole passage.
 */
export const passageHref = (documentId: number, chunkId: number, rows: RowPosition[] = []) =>
  `/documents/${documentId}?chunk=${chunkId}${rows.length ? `&rows=${rowsParam(rows)}` : ''}#passage-${chunkId}`
