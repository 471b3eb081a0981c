import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { CitedTable } from '../../app/components/documents/cited-table'

type Cell = Parameters<typeof CitedTable>[0]['cell']

const cell = (rows: string[][], row: number, column: number): Cell =>
  ({ chunk_id: 7, table: 0, row, column, header_rows: 1, caption: null, rows }) as unknown as Cell

// Issue 47 item 13: the cited-cell view wrote "26100000" where the preview writes "26,100,000".
describe('the cited table', () => {
  const rows = [
    ['', 'FY2024', 'FY2025', 'Account no.'],
    ['Revenue', '21800000', '26100000', '40012345'],
    ['EBITDA', '3100000', '4200000', '40012399'],
  ]

  it('groups the figures as the preview does, the cited one and its title too', () => {
    const html = renderToStaticMarkup(createElement(CitedTable, { cell: cell(rows, 1, 2) }))
    expect(html).toContain('Cited cell: Revenue, FY2025 = 26,100,000</h3>')
    expect(html).toContain('<mark>26,100,000</mark>')
    expect(html).toContain('<td>21,800,000</td>')
    expect(html).toContain('<td>4,200,000</td>')
    expect(html).not.toContain('26100000')
  })

  it('keeps identifiers and labels as written', () => {
    const html = renderToStaticMarkup(createElement(CitedTable, { cell: cell(rows, 2, 1) }))
    expect(html).toContain('<td>40012345</td>')
    expect(html).toContain('FY2024')
    expect(html).toContain('<mark>3,100,000</mark>')
  })
})
