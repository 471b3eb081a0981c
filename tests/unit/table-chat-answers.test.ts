import { describe, expect, it } from 'vitest'

import { createCitationFilter } from '../../api/ai/answers/citations'
import { computeFromPassages } from '../../api/ai/answers/computed'
import { NO_ANSWER } from '../../api/ai/answers/extractive'
import type { Passage } from '../../api/ai/retrieval/passage'
import { extractivePieces, passage, SALES_TABLE } from './support/passages'

// An answer that opens with a figure alone on its line, as a computed one does.
const FIGURE_FIRST = /^-?\$?\d[\d,.]*%?(?: (?:thousand|million|billion))?\n/
const answer = async (question: string, passages: Passage[]) => (await extractivePieces(question, passages)).join('')

const SALES = ['Sales by contract type', SALES_TABLE].join('\n')
const LEASE = passage('The factory lease in Dayton runs until 2031 with two renewal options.', 1, 'Lease')
const IN_MILLIONS = passage(
  'The table below presents total net sales by contract type (in millions).',
  3,
  'Annual report',
)
const TABLE = passage(SALES, 2, 'Annual report')

describe('answers from the tables of the retrieved passages', () => {
  it('give a growth figure first, then its derivation with the marker of its passage on every operand', async () => {
    const text = await answer('What is the percentage change in total sales from 2018 to 2019?', [LEASE, TABLE])
    expect(text).toBe(
      [
        '24.41%',
        '(1,496.5 [2] − 1,202.9 [2]) / 1,202.9 [2] = 24.41%',
        'From Total sales (Years Ended September 30, 2019; Years Ended September 30, 2018) in Annual report.',
      ].join('\n\n'),
    )
  })

  it('keep the scale another passage of the same document names, and write a figure looked up with its cell', async () => {
    expect(await answer('How much did total sales increase from 2018 to 2019?', [TABLE, IN_MILLIONS])).toMatch(
      /^\$293\.6 million\n\n1,496\.5 \[1\] − 1,202\.9 \[1\] = \$293\.6 million\n\n/,
    )
    expect(await answer('What were the total sales in 2019?', [LEASE, TABLE, IN_MILLIONS])).toBe(
      '$1,496.5 million\n\nTotal sales, Years Ended September 30, 2019: $1,496.5 [2]',
    )
  })

  it('scale every figure a header scales "except percentages", and take the scale the document states elsewhere last', async () => {
    const interest = passage(
      [
        ' | 2019 | 2018 | Change',
        ' | (In thousands, except percentages) |  | ',
        'Interest expense | $(17,334) | $(6,442) | 169%',
      ].join('\n'),
      1,
      'Annual report',
    )
    expect(await answer('What was the average interest expense for 2018 and 2019?', [interest])).toMatch(
      /^\$11,888 thousand\n/,
    )
    const stated = { ...TABLE, documentScale: 'thousand' as const }
    expect(await answer('What were the total sales in 2019?', [stated])).toMatch(/^\$1,496\.5 thousand\n/)
    expect(await answer('What were the total sales in 2019?', [stated, IN_MILLIONS])).toMatch(/^\$1,496\.5 million\n/)
  })

  it('give several figures asked together on the first line, "; " between, every cell cited on the next', async () => {
    expect(await answer('What were Other sales in 2019 and 2018 respectively?', [TABLE, IN_MILLIONS])).toBe(
      '$44.1 million; $56.7 million\n\n' +
        'Other, Years Ended September 30, 2019: 44.1 [1]; Other, Years Ended September 30, 2018: 56.7 [1]',
    )
  })

  it('read the rows of a CSV file’s chunk, cells split at its commas', async () => {
    const kpis = passage('Metric,2024,2025\nRevenue,1100,1250\nHeadcount,40,44', 4, 'kpis.csv')
    expect(await answer('What was the percentage change in revenue from 2024 to 2025?', [kpis])).toBe(
      ['13.64%', '(1,250 [1] − 1,100 [1]) / 1,100 [1] = 13.64%', 'From Revenue (2025; 2024) in kpis.csv.'].join('\n\n'),
    )
  })

  it('stream in pieces that the citation filter keeps whole, markers inside the derivation renumbered', async () => {
    const written = await extractivePieces('What is the average of Other sales from 2017 to 2019?', [LEASE, TABLE])
    expect(written.length).toBeGreaterThan(1)
    const filter = createCitationFilter(2)
    const streamed = written.map((piece) => filter.push(piece)).join('') + filter.end()
    expect(streamed.split('\n\n').slice(0, 2)).toEqual(['$57.2', '(44.1 [1] + 56.7 [1] + 70.8 [1]) / 3 = $57.2'])
    expect(filter.used).toEqual([1])
  })

  it('give the sentence answer unchanged when no table holds the figure, never a number from nowhere', async () => {
    expect(await answer('When does the lease end?', [LEASE])).toBe(
      '2031\n\n> The factory lease in Dayton runs until 2031 with two renewal options. [1]',
    )
    expect(await answer('What is the EBITDA margin forecast for 2030?', [LEASE, TABLE])).toBe(NO_ANSWER)
    for (const question of ['What was the EBITDA in 2019?', 'What were the total sales in 2015?'])
      expect(await answer(question, [TABLE])).not.toMatch(FIGURE_FIRST)
  })

  it('quote the sentence that explains a change or defines a row instead of giving a figure', async () => {
    const reason = passage(
      'Total sales increased from 2018 to 2019 because of new fixed price contracts with the Navy.',
      3,
      'Annual report',
    )
    expect(await answer('Why did total sales increase from 2018 to 2019?', [TABLE, reason])).toBe(
      'because of new fixed price contracts with the Navy.\n\n' +
        '> Total sales increased from 2018 to 2019 because of new fixed price contracts with the Navy. [2]',
    )
    for (const question of ['What does Other include?', 'What are fixed price sales?'])
      expect(await answer(question, [TABLE])).not.toMatch(FIGURE_FIRST)
  })
})

describe('figures a spreadsheet stores bare (21800000), as an answer writes them', () => {
  // A CSV as the pipeline writes its rows, years as rows and amounts unformatted.
  const FINANCIALS = passage(
    [
      'fiscal_year | revenue_usd | account_code | net_income_usd | price_per_unit',
      '2023 | 21800000 | 00123 | -452000 | 1452.45',
      '2024 | 24100000 | 00124 | 1200000 | 1499.50',
    ].join('\n'),
    1,
    'Bakery financials',
  )
  const computed = (question: string) => computeFromPassages(question, [FINANCIALS])

  it('gives an amount of a money column grouped, with its currency, the working citing the cell as written', () => {
    const money = computed('What was revenue in 2023?')!
    expect(money.figure).toBe('$21,800,000')
    // The working quotes the cell as the figure is stated, in the currency its column names (issue 47, item 13).
    expect(money.derivation).toBe('revenue_usd, 2023: $21,800,000 [1]')
    expect(money.operands).toMatchObject([{ passage: 0, table: 0, row: 1, column: 1, text: '21800000' }])
  })

  it('keeps a negative, and every decimal the cell has', () => {
    expect(computed('What was net income in 2023?')).toMatchObject({
      figure: '-$452,000',
      derivation: 'net_income_usd, 2023: -$452,000 [1]',
    })
    expect(computed('What was the price per unit in 2023?')!.figure).toBe('1,452.45')
    expect(computed('What was the price per unit in 2024?')!.figure).toBe('1,499.50')
  })

  it('gives a code as written, leading zeros and all, never as a number', () => {
    expect(computed('What was the account code in 2023?')).toMatchObject({
      figure: '00123',
      derivation: 'account_code, 2023: 00123 [1]',
    })
  })

  it('quotes the rows nearest a question with their amounts grouped, and years and codes as written', async () => {
    const text = await answer('What was net income?', [FINANCIALS])
    // Each amount in the currency its column names; a code and a price of no stated currency as they are.
    expect(text).toContain('| 2023 [1] | $21,800,000 | 00123 | -$452,000 | 1,452.45 |')
    expect(text).not.toMatch(/\b21800000\b/)
  })

  it('groups an amount in the short answer it leads with, and quotes the sentence below it exactly', async () => {
    const sentence = 'In 2023 the bakery reported total revenue of $21800000 for the year, its best so far.'
    const text = await answer('How much revenue did the bakery report in 2023?', [passage(sentence)])
    expect(text.split('\n')[0]).toBe('$21,800,000')
    expect(text).toContain(`> ${sentence} [1]`)
  })
})
