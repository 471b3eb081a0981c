import { describe, expect, it } from 'vitest'

import { pageBlocks } from '../../app/utils/page-blocks'

describe('a page read as prose and tables', () => {
  it('gathers rows of cells into a table and keeps the prose around it, with offsets into the text', () => {
    const text = 'Income statement\nItem | FY2024 | FY2025\nRevenue | 21800000 | 24100000\nNote: audited.'
    const blocks = pageBlocks(text)
    expect(blocks.map((block) => block.kind)).toEqual(['text', 'table', 'text'])
    const table = blocks[1]!
    if (table.kind !== 'table') throw new Error('not a table')
    expect(table.rows.map((row) => row.cells)).toEqual([
      ['Item', 'FY2024', 'FY2025'],
      ['Revenue', '21800000', '24100000'],
    ])
    for (const row of table.rows) expect(text.slice(row.start, row.end)).toContain(row.cells[0])
    const last = blocks[2]!
    if (last.kind !== 'text') throw new Error('not text')
    expect(text.slice(last.start, last.end)).toBe('Note: audited.')
  })

  it('reads a last row whose last cell is empty as a row of as many cells, as a CSV sheet writes it', () => {
    // The page's text is trimmed, so the last row's empty cell leaves " |" at the very end.
    const [table] = pageBlocks('Customer | Revenue | Notes\nCascade Water | 9100000 | renewal due\nBayline | 4200000 |')
    expect(table?.kind === 'table' && table.rows.map((row) => row.cells)).toEqual([
      ['Customer', 'Revenue', 'Notes'],
      ['Cascade Water', '9100000', 'renewal due'],
      ['Bayline', '4200000', ''],
    ])
  })

  it('leaves a lone line with a bar in it as prose', () => {
    expect(pageBlocks('Terms | see schedule 4\nThe buyer pays.').map((block) => block.kind)).toEqual(['text', 'text'])
  })

  it('reads a page of many rows in time linear in its size', () => {
    const text = Array.from({ length: 50_000 }, (_, index) => `Row ${index} | ${index * 1000}`).join('\n')
    const [table] = pageBlocks(text)
    expect(table?.kind === 'table' && table.rows.length).toBe(50_000)
  })
})
