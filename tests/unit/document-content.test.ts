import { describe, expect, it } from 'vitest'

import { type ContentFound, documentContents, type FactSummary } from '../../api/checklist/document-content'

/** A document's summed-up facts: `key@years` for the business's own, `kind:key×entities` for an entity table. */
function contentOf(...lines: string[]): ContentFound[] {
  const summaries = lines.map((line): FactSummary => {
    const prose = line.startsWith('prose ')
    const [what, years = ''] = line.replace(/^prose /, '').split('@')
    const entity = /^(\w+):(\w+)×(\d+)$/.exec(what!)
    return {
      documentId: 1,
      kind: prose ? 'prose' : 'cell',
      measureKey: entity ? entity[2]! : what!,
      entityKind: entity ? entity[1]! : null,
      entities: entity ? Number(entity[3]) : 0,
      years: years ? years.split(',').map(Number) : [],
    }
  })
  return documentContents(summaries).get(1) ?? []
}
const kinds = (...lines: string[]) => contentOf(...lines).map((found) => found.kind)

describe('what a document is, by what its tables hold', () => {
  it('takes revenue and two more income statement rows over three years for the annual statements', () => {
    expect(contentOf('revenue@2023,2024,2025', 'cost_of_sales@2023,2024,2025', 'net_income@2023,2024,2025')).toEqual([
      { kind: 'financial-statements', what: 'an income statement for 2023–2025', years: [2023, 2024, 2025] },
    ])
    // Two years are one part of what is asked, unless the balance sheet is beside them.
    expect(kinds('revenue@2024,2025', 'gross_profit@2024,2025', 'net_income@2024,2025')).toEqual([])
    expect(
      contentOf(
        'revenue@2024,2025',
        'gross_profit@2024,2025',
        'net_income@2024,2025',
        'total_assets@2024,2025',
        'equity@2024,2025',
      )[0]?.what,
    ).toBe('an income statement for 2024–2025 and a balance sheet')
    // A balance sheet alone, or revenue alone, is no income statement.
    expect(kinds('total_assets@2024,2025', 'total_liabilities@2024,2025', 'equity@2024,2025')).toEqual([])
    expect(kinds('revenue@2021,2022,2023,2024')).toEqual([])
  })

  it('tells revenue by product line from revenue by customer', () => {
    expect(kinds('segment:revenue×3@2025')).toEqual(['revenue-breakdown'])
    expect(kinds('customer:revenue×5@2024,2025')).toEqual(['customer-revenue'])
    // One entity is no breakdown.
    expect(kinds('segment:revenue×1@2025', 'customer:revenue×1@2025')).toEqual([])
  })

  it('knows a schedule of add-backs, capital expenditure and premises', () => {
    expect(kinds('add_back:add_back×2@2025', 'add_backs_total@2025')).toEqual(['add-backs'])
    expect(contentOf('capex@2022,2023,2024')).toEqual([
      { kind: 'capex-history', what: 'capital expenditure for 2022–2024', years: [2022, 2023, 2024] },
    ])
    expect(kinds('premises:monthly_rent×2')).toEqual(['premises'])
    // A lease's rent stated in a sentence is a lease too; other figures of sentences say nothing.
    expect(contentOf('prose monthly_rent')).toEqual([{ kind: 'premises', what: 'a lease and its rent', years: [] }])
    expect(kinds('prose revenue@2025', 'prose add_back@2025')).toEqual([])
  })
})
