/**
 * What a generated file is made of before it is written in a format: parts (a workbook's sheets, a
 * document's pages) of blocks (titles, paragraphs, tables). Each writer renders the same blocks, so
 * a layout is chosen once and any format can carry it.
 */

/** A number as a file shows it: `value` as stored (already in the file's scale), `text` as printed. */
export interface Figure {
  value: number
  text: string
  /** The spreadsheet display format that prints `value` as `text`. */
  format: string
  percent?: boolean
}

export type Cell = string | Figure

export interface Row {
  cells: Cell[]
  /** A section heading ("Operating expenses"), a total or subtotal, or a blank spacer row. */
  kind?: 'section' | 'total' | 'spacer'
}

export interface Table {
  /** One or two header rows; `spans` says which header cells span several columns (a group label). */
  header: Cell[][]
  spans?: Array<{ row: number; from: number; to: number }>
  rows: Row[]
}

export type Block =
  | { kind: 'title' | 'heading' | 'paragraph' | 'note'; text: string }
  | { kind: 'spacer' }
  | { kind: 'table'; table: Table }

export interface Part {
  /** A workbook's sheet name; other formats start each part on a new page. */
  name: string
  blocks: Block[]
}

export const isFigure = (cell: Cell | undefined): cell is Figure => typeof cell === 'object'

/** How a file prints amounts: in whole dollars, thousands or millions, negatives, dollar signs, percents. */
export interface FigureStyle {
  unit: 1 | 1_000 | 1_000_000
  negatives: 'parentheses' | 'minus'
  dollarSign: boolean
  percent: 'sign' | 'fraction'
}

const grouped = (value: number, decimals = 0) =>
  Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })

/**
 * An amount in whole dollars, printed in the style's unit, exactly: lines are whole thousands, so
 * thousands need no decimals and millions three.
 */
export function amount(dollars: number, style: FigureStyle): Figure {
  const value = dollars / style.unit
  const decimals = style.unit === 1_000_000 ? 3 : 0
  const sign = style.dollarSign ? '$' : ''
  const body = `${sign}${grouped(value, decimals)}`
  const text = value < 0 ? (style.negatives === 'parentheses' ? `(${body})` : `-${body}`) : value === 0 ? '-' : body
  const positive = `${style.dollarSign ? '"$"' : ''}#,##0${decimals ? '.000' : ''}`
  const negative = style.negatives === 'parentheses' ? `(${positive})` : `-${positive}`
  return { value, text, format: `${positive};${negative};"-"` }
}

/** A share (0.123) as "12.3%" or as the fraction "0.123" under a "%" header. */
export function share(fraction: number, style: FigureStyle): Figure {
  const value = Math.round(fraction * 1000) / 1000
  return style.percent === 'sign'
    ? { value, text: `${value < 0 ? '-' : ''}${grouped(value * 100, 1)}%`, format: '0.0%', percent: true }
    : { value, text: `${value < 0 ? '-' : ''}${grouped(value, 3)}`, format: '0.000', percent: true }
}

/** A plain count or money amount written out in full, as in a lease table ("$8,400"). */
export const dollars = (value: number) => `$${grouped(value)}`

/** The layout families the figures of these parts show: negatives and percent styles, when any are shown. */
export function figureFamilies(parts: Part[], style: FigureStyle): string[] {
  const figures = parts.flatMap((part) =>
    part.blocks.flatMap((block) =>
      block.kind === 'table' ? block.table.rows.flatMap((row) => row.cells.filter(isFigure)) : [],
    ),
  )
  const families: string[] = []
  if (figures.some((figure) => figure.value < 0)) families.push(`negatives-${style.negatives}`)
  if (figures.some((figure) => figure.percent)) families.push(`percent-${style.percent}`)
  return families
}
