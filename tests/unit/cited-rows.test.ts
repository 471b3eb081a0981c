import { describe, expect, it } from 'vitest'

import { citedRows } from '../../api/chat/cited-rows'
import { locateRows } from '../../api/documents/passage'
import type { MessageDerivation } from '../../shared/cells'
import { parseRowsParam, passageHref } from '../../shared/cells'

// A CSV's page as the extractor writes it, and its one chunk.
const CUSTOMERS = [
  'Customer | Region | Revenue 2025 | Share of revenue',
  'Acme Foods | West | 412000 | 18.2',
  'Blue Harbor Logistics | East | 388500 | 17.1',
  'Cedar Grove Farms | North | 201300 | 8.9',
  'Delta Marine | South | 176250 | 7.8',
].join('\n')
const LEASE = 'The factory lease in Dayton runs until 2031 with two five-year renewal options at market rent.'

const quoted = (rows: string[], marker: number) =>
  [
    'I could not find a single figure that answers this. These table rows come closest:',
    '',
    '| Customer | Region | Revenue 2025 | Share of revenue |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => row.replace(/^\| ([^|]*?) \|/, `| $1 [${marker}] |`)),
  ].join('\n')

const lookup: MessageDerivation = {
  figure: '176,250',
  parts: [{ operand: 0, text: '176,250' }],
  operands: [
    {
      reference: 1,
      document_id: 3,
      chunk_id: 9,
      table: 0,
      row: 4,
      column: 2,
      row_label: 'Delta Marine',
      column_label: 'Revenue 2025',
      text: '176250',
      page_number: null,
      sheet_name: null,
    },
  ],
  strategy: 'lookup',
}

describe('the rows a citation carries', () => {
  it('are the rows an answer quotes from the passage, found in its table though written with grouped digits', () => {
    const answer = quoted(['| Cedar Grove Farms | North | 201,300 | 8.9 |'], 1)
    expect(citedRows(answer, [CUSTOMERS], null)).toEqual([[{ table: 0, row: 3 }]])
  })

  it('are each passage’s own: a row quoted under [2] is the second passage’s, and prose gets none', () => {
    const answer = `> ${LEASE} [1]\n\n${quoted(['| Acme Foods | West | 412,000 | 18.2 |', '| Delta Marine | South | 176,250 | 7.8 |'], 2)}`
    expect(citedRows(answer, [LEASE, CUSTOMERS], null)).toEqual([
      [],
      [
        { table: 0, row: 1 },
        { table: 0, row: 4 },
      ],
    ])
  })

  it('are the rows of a computed answer’s cells, cited by the marker of their passage', () => {
    expect(citedRows('176,250\n\nDelta Marine, Revenue 2025: 176,250 [1]', [CUSTOMERS], lookup)).toEqual([
      [{ table: 0, row: 4 }],
    ])
  })

  it('leave out a row the passage does not hold', () => {
    expect(citedRows(quoted(['| Zeta Corp | West | 1 | 0.1 |'], 1), [CUSTOMERS], null)).toEqual([[]])
  })

  it('travel in the link as a parameter the document view reads back, bounded', () => {
    const rows = [
      { table: 0, row: 3 },
      { table: 1, row: 12 },
    ]
    expect(passageHref(3, 9, rows)).toBe('/documents/3?chunk=9&rows=0.3,1.12#passage-9')
    expect(passageHref(3, 9)).toBe('/documents/3?chunk=9#passage-9')
    expect(parseRowsParam('0.3,1.12')).toEqual(rows)
    expect(parseRowsParam('0.3,x,-1.2,1.1234567')).toEqual([{ table: 0, row: 3 }])
    expect(parseRowsParam(null)).toEqual([])
    expect(parseRowsParam(Array(500).fill('0.1').join(','))).toHaveLength(50)
  })
})

describe('the rows marked in the document view', () => {
  const line = (text: string, page: string) => ({ start: page.indexOf(text), end: page.indexOf(text) + text.length })

  it('are the lines of the page holding the cited rows, and no other', () => {
    const passage = { start: 0, end: CUSTOMERS.length }
    expect(locateRows(CUSTOMERS, CUSTOMERS, [{ table: 0, row: 3 }], passage)).toEqual([
      line('Cedar Grove Farms | North | 201300 | 8.9', CUSTOMERS),
    ])
  })

  it('are found within the passage of a later chunk that repeats the table’s header', () => {
    const page = `${CUSTOMERS}\nEvergreen Supply | West | 150900 | 6.7\nAcme Foods | West | 412000 | 18.2`
    const chunk =
      'Customer | Region | Revenue 2025 | Share of revenue\nEvergreen Supply | West | 150900 | 6.7\nAcme Foods | West | 412000 | 18.2'
    const passage = { start: page.indexOf('Evergreen'), end: page.length }
    // Row 2 of the chunk's table is the second Acme Foods line, the one inside the passage.
    expect(locateRows(page, chunk, [{ table: 0, row: 2 }], passage)).toEqual([
      { start: page.lastIndexOf('Acme Foods'), end: page.length },
    ])
  })

  it('are none for a row the chunk does not have', () => {
    expect(
      locateRows(
        CUSTOMERS,
        CUSTOMERS,
        [
          { table: 3, row: 1 },
          { table: 0, row: 40 },
        ],
        { start: 0, end: CUSTOMERS.length },
      ),
    ).toEqual([])
  })
})
