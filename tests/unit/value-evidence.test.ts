import { describe, expect, it } from 'vitest'

import { tableAnswerFromPassages } from '../../api/ai/answers/computed'
import { addBackSchedule, type Passages, statedValuation } from '../../api/readiness/value-evidence'

let chunk = 0
const passage = (documentId: number, documentTitle: string, text: string): Passages[number] => ({
  chunkId: ++chunk,
  documentId,
  documentTitle,
  text,
  pageNumber: null,
  sheetName: null,
  score: 1,
  lexical: 1,
  semantic: 1,
})
const askOver = (passages: Passages) => async (question: string) => ({
  passages,
  answer: tableAnswerFromPassages(question, passages),
})

describe('a stated valuation range, read from prose', () => {
  it('reads the shorthand "$4.2–4.8 million", the scale of the second figure also the first’s', () => {
    const found = statedValuation([
      passage(
        1,
        'Broker opinion',
        'We think the practice is worth $4.2–4.8 million to a strategic buyer today. The multiples of 4.5x to 5.1x seen in the sector support this.',
      ),
    ])
    expect(found.value).toMatchObject({ low: { value: '4200000' }, high: { value: '4800000' }, mid: null })
    expect(found.value!.low.source.quote).toBe(
      'We think the practice is worth $4.2–4.8 million to a strategic buyer today.',
    )
  })

  it('reads "from $950,000 to $1.1 million" and a most likely value inside it', () => {
    const found = statedValuation([
      passage(
        2,
        'Valuation summary',
        'Fair market value ranges from $950,000 to $1.1 million. The most likely value is $1,025,000, before costs.',
      ),
    ])
    expect(found.value).toMatchObject({
      low: { value: '950000' },
      high: { value: '1100000' },
      mid: { value: '1025000', source: { quote: 'The most likely value is $1,025,000, before costs.' } },
    })
  })

  it('gives no range when two documents state different ones, and says which', () => {
    const found = statedValuation([
      passage(1, 'Letter A', 'The enterprise value is between $6.8 million and $7.9 million.'),
      passage(2, 'Letter B', 'We value the company at $5.5 million to $6 million.'),
    ])
    expect(found).toEqual({
      value: null,
      reason: 'The documents state different valuation ranges: 6800000–7900000 (Letter A); 5500000–6000000 (Letter B).',
    })
  })

  it('takes neither a range of multiples nor a single figure for a valuation range', () => {
    const found = statedValuation([
      passage(
        1,
        'Notes',
        'Buyers value businesses like this at 5.0 to 5.9 times EBITDA. Adjusted EBITDA was roughly $1.35 million.',
      ),
    ])
    expect(found).toEqual({ value: null, reason: 'No document states a valuation range.' })
  })
})

describe('a schedule of add-backs, read by the table answerer', () => {
  it('adds up a schedule without a total row, citing each row and the working', async () => {
    const found = await addBackSchedule(
      askOver([
        passage(
          3,
          'Adjustments FY2025',
          "Normalization adjustments, FY2025\nAdjustment | Amount\nOwner's salary above market | 85,000\n" +
            'Legal settlement | 42,500\nPersonal vehicle | 12,250',
        ),
      ]),
    )
    expect(found.value?.items.map(({ label, value }) => [label, value])).toEqual([
      ["Owner's salary above market", '85000'],
      ['Legal settlement', '42500'],
      ['Personal vehicle', '12250'],
    ])
    expect(found.value?.total).toMatchObject({
      value: '139750',
      source: { title: 'Adjustments FY2025', quote: '85,000 + 42,500 + 12,250 = 139,750' },
    })
  })

  it('refuses a schedule whose total row is not what its rows add up to', async () => {
    const found = await addBackSchedule(
      askOver([
        passage(
          3,
          'Adjustments FY2025',
          "Normalization adjustments, FY2025\nAdjustment | Amount\nOwner's salary above market | 85,000\n" +
            'Legal settlement | 42,500\nPersonal vehicle | 12,250\nTotal normalization adjustments | 150,000',
        ),
      ]),
    )
    expect(found).toEqual({
      value: null,
      reason:
        'The items of the schedule of normalization adjustments add up to 139750, but its total row reads 150000.',
    })
  })
})
