import { IS_TABLE_LINE, splitRow } from '#shared/table-lines'

/**
 * A page's extracted text as a reader takes it in: runs of table rows (the extractors write a row's
 * cells joined by " | ") apart from the prose around them. Each block keeps where it starts and ends
 * in the text, so a cited passage (given by offsets) can be marked in whichever block holds it.
 */
export type PageBlock =
  | { kind: 'text'; start: number; end: number }
  | { kind: 'table'; rows: Array<{ start: number; end: number; cells: string[] }> }

export function pageBlocks(text: string): PageBlock[] {
  const blocks: PageBlock[] = []
  let offset = 0
  for (const line of text.split('\n')) {
    const start = offset
    const end = start + line.length
    offset = end + 1
    const last = blocks.at(-1)
    // As the API's table readers split it: a row whose last cell is empty ends in " |" once the
    // page's text is trimmed, and is still a row of as many cells.
    if (IS_TABLE_LINE.test(line)) {
      const row = { start, end, cells: splitRow(line) }
      if (last?.kind === 'table') last.rows.push(row)
      else blocks.push({ kind: 'table', rows: [row] })
    } else if (last?.kind === 'text') last.end = end
    else blocks.push({ kind: 'text', start, end })
  }
  // One row alone is a line that happens to hold " | ", not a table.
  return blocks.map((block) =>
    block.kind === 'table' && block.rows.length < 2
      ? { kind: 'text', start: block.rows[0]!.start, end: block.rows[0]!.end }
      : block,
  )
}
