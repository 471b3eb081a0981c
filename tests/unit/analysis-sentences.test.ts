import { describe, expect, it } from 'vitest'

import { humaniseHeader } from '../../api/ai/analysis/column-names'
import { analyseOffline } from '../../api/ai/analysis/offline'
import type { AnalysisChunk, AnalysisInput } from '../../api/ai/analysis/types'
import { unitsOf } from '../../api/ai/analysis/units'
import { proseSentences } from '../../api/ai/text/sentences'
import { chunkPages } from '../../api/ingest/chunker'
import { fixtureInput } from './support/analysis-fixtures'

const UPLOADED = new Date('2025-01-10T00:00:00Z')

/** A document of the chunks given, in reading order. */
const document = (chunks: Array<Omit<AnalysisChunk, 'id'>>, tableHeaders: string[] = []): AnalysisInput => ({
  title: 'Customers',
  chunks: chunks.map((chunk, index) => ({ id: index + 1, ...chunk })),
  tableHeaders,
  uploadedAt: UPLOADED,
})
const page = (pageNumber: number, text: string) => ({ text, pageNumber, sheetName: null })
const sentences = (input: AnalysisInput) =>
  unitsOf(input).map((unit) => [unit.kind, unit.chunk.id, unit.quote] as const)

// Lines as a PDF sets them: each wrapped at the column's width, about 95 characters.
const SETTLEMENT = [
  'In March 2024 the company paid out what its advisers described as a one-time legal settlement of',
  '120 thousand dollars to a former distributor, which the accounts treat as an exceptional cost and',
  'exclude from adjusted EBITDA.',
]
const SETTLEMENT_SENTENCE = SETTLEMENT.join(' ')

describe('sentences cut by line breaks', () => {
  it('joins a sentence whose wrapped line starts with a figure, and keeps the heading above it apart', () => {
    expect(sentences(document([page(1, ['Legal matters', ...SETTLEMENT].join('\n'))]))).toEqual([
      ['line', 1, 'Legal matters'],
      ['sentence', 1, SETTLEMENT_SENTENCE],
    ])
  })

  it('joins a short line cut mid-clause to the line after it', () => {
    const text = 'Revenue for the year was\n£18.4 million.\nThe board meets in May.'
    expect(proseSentences(text)).toEqual(['Revenue for the year was £18.4 million.', 'The board meets in May.'])
  })

  it('mends a word hyphenated at the line break, and keeps a hyphen before a capital', () => {
    const text = [
      'The company has agreed a multi-year supply agreement with its largest customer, whose renew-',
      'al is due in 2026 and which the non-',
      'UK subsidiary signs as well.',
    ].join('\n')
    expect(proseSentences(text)).toEqual([
      'The company has agreed a multi-year supply agreement with its largest customer, whose renewal is due in 2026 and which the non-UK subsidiary signs as well.',
    ])
  })

  it('does not read a heading as the start of the sentence after it, nor a numbered one', () => {
    const text = [
      '3. Customers',
      'Key risks',
      'Solent Marine Group brings 38% of revenue under a contract that ends in June 2026 and has not yet',
      'been renewed.',
    ].join('\n')
    expect(proseSentences(text)).toEqual([
      '3. Customers',
      'Key risks',
      'Solent Marine Group brings 38% of revenue under a contract that ends in June 2026 and has not yet been renewed.',
    ])
  })
})

describe('sentences cut by chunk and page breaks', () => {
  it('joins a sentence a page break cuts, past the running head and page number, citing the page it starts on', () => {
    const input = document([
      page(1, ['Legal matters', ...SETTLEMENT.slice(0, 2)].join('\n')),
      page(2, ['Acme Holdings confidential', 'Page 2', SETTLEMENT[2], 'Revenue grew 12% to $14.8 million.'].join('\n')),
    ])
    expect(sentences(input)).toEqual([
      ['line', 1, 'Legal matters'],
      ['line', 2, 'Acme Holdings confidential'],
      ['line', 2, 'Page 2'],
      ['sentence', 1, SETTLEMENT_SENTENCE],
      ['sentence', 2, 'Revenue grew 12% to $14.8 million.'],
    ])
  })

  it('ends a sentence at a page break when the next page starts a sentence of its own', () => {
    const input = document([
      page(1, 'The company was founded in 1987 and employs 85 people.'),
      page(2, 'Revenue grew 12% to $14.8 million.'),
    ])
    expect(sentences(input).map(([, chunk, quote]) => [chunk, quote])).toEqual([
      [1, 'The company was founded in 1987 and employs 85 people.'],
      [2, 'Revenue grew 12% to $14.8 million.'],
    ])
  })

  it('does not run a page’s opening heading into the paragraph the page before left unpunctuated', () => {
    const input = document([
      page(1, 'Revenue by segment, in millions of pounds, for the three years to 31 December 2024 as audited'),
      page(2, 'Customer base\nThe company sells to forty customers in the marine sector.'),
    ])
    expect(sentences(input).map(([kind, , quote]) => [kind, quote])).toEqual([
      ['sentence', 'Revenue by segment, in millions of pounds, for the three years to 31 December 2024 as audited'],
      ['line', 'Customer base'],
      ['sentence', 'The company sells to forty customers in the marine sector.'],
    ])
  })

  it('reads a page the chunker cut mid-sentence as whole sentences, the repeated overlap once', () => {
    const lines = Array.from({ length: 30 }, (_, index) => [
      `Paragraph ${index} of the review describes the market for marine components along the south coast in`,
      `some detail, and line ${index} of it ends the sentence here.`,
    ]).flat()
    const chunks = chunkPages([{ kind: 'page', label: null, text: lines.join('\n') }])
    expect(chunks.length).toBeGreaterThan(2)
    const input = document(chunks.map((chunk) => page(1, chunk.text)))
    const quotes = unitsOf(input).map((unit) => unit.quote)
    expect(quotes).toEqual(Array.from({ length: 30 }, (_, index) => `${lines[index * 2]} ${lines[index * 2 + 1]}`))
  })

  it('gives a finding the whole sentence, as the export quotes it', () => {
    const input = document([
      page(1, ['Legal matters', ...SETTLEMENT.slice(0, 1)].join('\n')),
      page(2, SETTLEMENT.slice(1).join('\n')),
    ])
    const { findings } = analyseOffline(input, 'key-findings')
    expect(findings.map((finding) => [finding.text, finding.source.quote, finding.source.page_number])).toContainEqual([
      SETTLEMENT_SENTENCE,
      SETTLEMENT_SENTENCE,
      1,
    ])
  })
})

describe('column headers written for machines', () => {
  it('reads as words, units in brackets, acronyms in capitals', () => {
    expect(humaniseHeader('share_of_revenue_percent')).toBe('Share of revenue (%)')
    expect(humaniseHeader('revenue_2024_gbp')).toBe('Revenue 2024 (GBP)')
    expect(humaniseHeader('customerId')).toBe('Customer ID')
    expect(humaniseHeader('ebitda-margin-pct')).toBe('EBITDA margin (%)')
    expect(humaniseHeader('customer')).toBe('Customer')
    expect(humaniseHeader('q1_sales')).toBe('Q1 sales')
  })

  it('keeps a header already written in words as it is', () => {
    expect(humaniseHeader('2024 revenue (£)')).toBe('2024 revenue (£)')
    expect(humaniseHeader('Share of revenue')).toBe('Share of revenue')
    expect(humaniseHeader('EBITDA')).toBe('EBITDA')
  })
})

describe('findings from a CSV', () => {
  const header = 'customer_name,sector,revenue_2024_gbp,share_of_revenue_percent'
  const csv = document(
    [
      {
        text: [
          header,
          'Solent Marine Group,Marine,6992000,38.0',
          'Wessex Aero Structures,Aerospace,2576000,14.0',
          'Channel Yachts,Marine,1656000,9.0',
          'Hamble Boatworks,Marine,1104000,6.0',
          'Other customers (41),Various,5336000,29.0',
        ].join('\n'),
        pageNumber: null,
        sheetName: null,
      },
    ],
    [header],
  )

  it('name the sheet, the row and the column in words, and the columns as a reader names them', () => {
    const { findings } = analyseOffline(csv, 'key-findings')
    const channel = findings.find((finding) => finding.text.startsWith('Channel Yachts'))
    expect(channel?.text).toBe(
      'Channel Yachts — Sector: Marine; Revenue 2024 (GBP): 1,656,000; Share of revenue (%): 9.0',
    )
    expect(channel?.source.cell).toEqual({ sheet: 'Customers', row: 4, column: 'Share of revenue (%)' })
  })

  it('list customers by share, never letting a remainder row take a customer’s place', () => {
    const { findings } = analyseOffline(csv, 'key-findings')
    expect(findings.map((finding) => finding.text.split(' — ')[0])).toEqual([
      'Solent Marine Group',
      'Wessex Aero Structures',
      'Channel Yachts',
    ])
  })

  it('keep every customer at a concentration share, past the largest three', () => {
    const rows = ['A', 'B', 'C', 'D', 'E'].map((name) => `Customer ${name},Marine,100,18.0`)
    const input = document([{ text: [header, ...rows].join('\n'), pageNumber: null, sheetName: null }], [header])
    expect(analyseOffline(input, 'key-findings').findings).toHaveLength(5)
  })

  it('read the customer list fixture’s 9% customer, whose row the remainder used to crowd out', async () => {
    const input = await fixtureInput('customer-list.csv')
    const cited = analyseOffline(input, 'key-findings').findings.map((finding) => finding.source.cell)
    expect(cited).toContainEqual({ sheet: 'customer list', row: 4, column: 'Share of revenue' })
    expect(cited.map((cell) => cell?.row)).not.toContain(7)
  })
})

describe('figures in findings and summaries', () => {
  const header = 'fiscal_year,revenue_usd,account_code,net_income_usd,price_per_unit'
  const rows = document(
    [
      {
        text: [header, '2023,21800000,00123,-452000,1452.45', '2024,24100000,00124,1200000,1499.5'].join('\n'),
        pageNumber: null,
        sheetName: null,
      },
    ],
    [header],
  )

  it('state a row’s amounts grouped under their currency column, years, codes and decimals as written', () => {
    const { findings } = analyseOffline(rows, 'key-findings')
    expect(findings[0]).toMatchObject({
      text: 'Fiscal year 2023 — Revenue (USD): 21,800,000; Account code: 00123; Net income (USD): -452,000; Price per unit: 1,452.45',
      source: { quote: '2023,21800000,00123,-452000,1452.45' },
    })
    const { content } = analyseOffline(rows, 'summary')
    expect(content).toContain('Revenue (USD): 24,100,000; Account code: 00124')
    expect(content).not.toContain('24100000')
  })

  it('state a sentence’s money grouped, and quote the sentence exactly as its source', () => {
    const sentence =
      'Revenue for fiscal 2024 was $24100000, up from $21800000 in 2023, and EBITDA rose to $3650000 on stronger margins.'
    const { findings } = analyseOffline(document([page(1, sentence)]), 'key-findings')
    expect(findings).toEqual([
      {
        text: 'Revenue for fiscal 2024 was $24,100,000, up from $21,800,000 in 2023, and EBITDA rose to $3,650,000 on stronger margins.',
        source: expect.objectContaining({ quote: sentence }),
      },
    ])
  })
})
