import { describe, expect, it } from 'vitest'

import type { ComputedAnswer } from '../../api/ai/answers/provider'
import { derivationOf } from '../../api/chat/derivation'
import type { DocumentReference } from '../../api/db/schema'
import { splitAtFormula, writtenFormula } from '../../app/components/chat/derivation'
import { cellAnchor, cellHref, parseCellParam } from '../../shared/cells'

const documentReference = (document: number, chunk: number): DocumentReference => ({
  document_id: document,
  chunk_id: chunk,
  document_title: `Document ${document}`,
  relevance_score: 0.5,
  page_number: 4,
  sheet_name: null,
})

const cell = (passage: number, column: number) => ({
  passage,
  table: 1,
  row: 3,
  column,
  rowLabel: 'Net sales',
  columnLabel: String(2017 + column),
  text: column === 1 ? ' $ 1,202.9 ' : '1,496.5',
})

const computed: ComputedAnswer = {
  figure: '$293.6 million',
  derivation: '1,496.5 [3] − 1,202.9 [1] = $293.6 million',
  cells: '',
  parts: [{ operand: 0, text: '1,496.5' }, ' − ', { operand: 1, text: '1,202.9' }, ' = $293.6 million'],
  operands: [cell(2, 2), cell(0, 1)],
}

describe('the working saved with a computed answer', () => {
  const passages = [documentReference(7, 70), documentReference(8, 80), documentReference(9, 90)].map((reference) => ({
    reference,
  }))

  it('cites each operand by the [n] its passage got in the answer, with its cell', () => {
    // The answer cited passage 2 first, then passage 0: they became [1] and [2].
    const derivation = derivationOf(computed, passages, [2, 0], '$293.6 million\n\n1,496.5 [1] − 1,202.9 [2]')
    expect(derivation).toEqual({
      figure: '$293.6 million',
      parts: computed.parts,
      operands: [
        {
          reference: 1,
          document_id: 9,
          chunk_id: 90,
          table: 1,
          row: 3,
          column: 2,
          row_label: 'Net sales',
          column_label: '2019',
          text: '1,496.5',
          page_number: 4,
          sheet_name: null,
        },
        expect.objectContaining({ reference: 2, document_id: 7, chunk_id: 70, column: 1, text: '$ 1,202.9' }),
      ],
    })
  })

  it('keeps a cell the answer did not cite, without a reference number', () => {
    const derivation = derivationOf(computed, passages, [2], 'It grew by $293.6 million [1].')
    expect(derivation?.operands.map((operand) => operand.reference)).toEqual([1, null])
  })

  it('is not saved when the answer does not state the figure, or an operand is a meeting’s turn', () => {
    expect(derivationOf(computed, passages, [2, 0], 'Sales grew strongly [1].')).toBeNull()
    const meeting = { reference: { ...documentReference(0, 0), document_id: null, chunk_id: null, message_id: 5 } }
    expect(derivationOf(computed, [passages[0]!, passages[1]!, meeting], [2, 0], '$293.6 million')).toBeNull()
  })
})

describe('a cell link', () => {
  it('names the chunk and the cell, with a fragment the document view gives the highlighted cell', () => {
    const href = cellHref({ document_id: 9, chunk_id: 90, table: 1, row: 3, column: 2 })
    expect(href).toBe('/documents/9?chunk=90&cell=1.3.2#cell-90-1-3-2')
    const url = new URL(href, 'http://localhost')
    const position = parseCellParam(url.searchParams.get('cell'))
    expect(position).toEqual({ table: 1, row: 3, column: 2 })
    expect(`#${cellAnchor(90, position!)}`).toBe(url.hash)
  })

  it('reads nothing from a malformed or absurd cell', () => {
    for (const value of [null, '', '1.3', '1.3.2.1', '-1.3.2', 'a.b.c', '1.3.2 ', '1234.1.1', '1.1234567.1'])
      expect(parseCellParam(value), String(value)).toBeNull()
  })
})

describe('an answer drawn with its working', () => {
  const operand = (column: number, reference: number | null) => ({
    reference,
    document_id: 9,
    chunk_id: 90,
    table: 0,
    row: 1,
    column,
    row_label: 'Revenue',
    column_label: String(2023 + column),
    text: '',
    page_number: null,
    sheet_name: 'FY',
  })
  const growth = {
    figure: '24.41%',
    parts: [
      '(',
      { operand: 0, text: '1,496.5' },
      ' − ',
      { operand: 1, text: '1,202.9' },
      ') / ',
      { operand: 1, text: '1,202.9' },
      ' = 24.41%',
    ],
    operands: [operand(2, 1), operand(1, 1)],
  }

  it('finds the paragraph that writes the formula, so it is drawn there with its links', () => {
    const content = '24.41%\n\n(1,496.5 [1] − 1,202.9 [1]) / 1,202.9 [1] = 24.41%\n\nFrom Revenue (2025; 2024).'
    expect(writtenFormula(growth)).toBe('(1,496.5 [1] − 1,202.9 [1]) / 1,202.9 [1] = 24.41%')
    expect(splitAtFormula(content, growth)).toEqual({ before: '24.41%', lead: '', after: 'From Revenue (2025; 2024).' })
  })

  it('keeps the words before a looked-up figure, and draws a formula the answer words otherwise after it', () => {
    const lookup = { figure: '1,496.5 thousand', parts: [{ operand: 0, text: '1,496.5' }], operands: [operand(2, 1)] }
    expect(splitAtFormula('1,496.5 thousand\n\nRevenue, 2025: 1,496.5 [1]', lookup)).toEqual({
      before: '1,496.5 thousand',
      lead: 'Revenue, 2025: ',
      after: '',
    })
    const worded = 'Revenue grew 24.41% [1], from 1,202.9 to 1,496.5 thousand.'
    expect(splitAtFormula(worded, growth)).toEqual({ before: worded, lead: null, after: '' })
  })
})
