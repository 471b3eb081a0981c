import { beforeAll, describe, expect, it } from 'vitest'

import { analyseOffline } from '../../api/ai/analysis/offline'
import type { AnalysisInput } from '../../api/ai/analysis/types'
import type { Risk } from '../../shared/analysis'
import { fixtureInput } from './support/analysis-fixtures'

let valuation: AnalysisInput
let customers: AnalysisInput
let memo: AnalysisInput
let notice: AnalysisInput
beforeAll(async () => {
  ;[valuation, customers, memo, notice] = await Promise.all([
    fixtureInput('valuation-report.txt', 1),
    fixtureInput('customer-list.csv', 101),
    fixtureInput('succession-memo.txt', 201),
    fixtureInput('office-move-notice.txt', 301),
  ])
})

/** Every source names a chunk of the document analysed and quotes words that chunk holds. */
function expectGrounded(input: AnalysisInput, sources: Array<{ chunk_id: number; quote: string } | null>) {
  for (const source of sources) {
    expect(source).not.toBeNull()
    const chunk = input.chunks.find((candidate) => candidate.id === source!.chunk_id)
    expect(chunk, `chunk ${source!.chunk_id}`).toBeDefined()
    expect(chunk!.text.replace(/\s+/g, ' ')).toContain(source!.quote)
  }
}

const byCategory = (risks: Risk[], category: string) => risks.filter((risk) => risk.category === category)

describe('summary', () => {
  it('keeps the valuation report’s key figures, quoted in document order', () => {
    const { content, sentences } = analyseOffline(valuation, 'summary')
    for (const figure of ['£18.4 million', '£3.3 million', '17.9%', '38%', '£18.2 million and £21.5 million'])
      expect(content).toContain(figure)
    expect(sentences.length).toBeGreaterThan(1)
    expect(sentences.length).toBeLessThanOrEqual(6)
    expect(content).toBe(sentences.map((sentence) => sentence.text).join(' '))
    expectGrounded(
      valuation,
      sentences.map((sentence) => sentence.source),
    )
    const positions = sentences.map((sentence) => content.indexOf(sentence.text))
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    // Headings and label lines are not sentences of a summary.
    expect(content).not.toMatch(/Prepared for|Executive summary/)
  })

  it('summarises a table without prose by its largest rows', () => {
    const { sentences } = analyseOffline(customers, 'summary')
    expect(sentences[0]!.text).toBe(
      'Solent Marine Group — Sector: Marine; Customer since: 2009; 2024 revenue (£): 6,992,000; Share of revenue: 38.0%',
    )
    expect(sentences[0]!.source.quote).toBe('Solent Marine Group | Marine | 2009 | 6992000 | 38.0%')
    expectGrounded(
      customers,
      sentences.map((sentence) => sentence.source),
    )
  })

  it('is the same every time', () => {
    expect(analyseOffline(valuation, 'summary')).toEqual(analyseOffline(valuation, 'summary'))
  })
})

describe('key findings', () => {
  it('include the stated revenue, EBITDA and margin, and the largest customer’s share', () => {
    const { findings } = analyseOffline(valuation, 'key-findings')
    const texts = findings.map((finding) => finding.text)
    expect(texts).toContain(
      'For the year ended 31 December 2024 the company reported revenue of £18.4 million, up 12% from £16.4 million in 2023.',
    )
    expect(texts).toContain('EBITDA was £3.3 million, an EBITDA margin of 17.9%.')
    expect(texts.some((text) => text.includes('38% of 2024 revenue'))).toBe(true)
    expect(texts).toContain('Year 2024 — Revenue (£m): 18.4; EBITDA (£m): 3.3; EBITDA margin: 17.9%')
    expect(findings.length).toBeLessThanOrEqual(12)
    expectGrounded(
      valuation,
      findings.map((finding) => finding.source),
    )
  })

  it('state dates and obligations, not label lines', () => {
    const texts = analyseOffline(memo, 'key-findings').findings.map((finding) => finding.text)
    expect(texts).toContain(
      'The lease on the Portsmouth plant ends in 8 months, on 30 November 2025, and negotiations with the landlord have not started.',
    )
    expect(texts).toContain('The finance director, Tom Reyes, has resigned and leaves on 30 June 2025.')
    expect(texts).not.toContain('Date: 2 April 2025')
  })
})

describe('risks', () => {
  it('rate one customer at 38% of revenue High, quoting the sentence that says so', () => {
    const { risks } = analyseOffline(valuation, 'risks')
    const [concentration] = byCategory(risks, 'Customer concentration')
    expect(concentration).toMatchObject({
      level: 'High',
      description: 'Solent Marine Group accounts for 38% of revenue (High: 25% or more from one customer).',
      evidence:
        'The largest, Solent Marine Group, accounted for 38% of 2024 revenue under a supply agreement that runs until June 2026.',
    })
    expect(concentration!.source.quote).toBe(concentration!.evidence)
    expectGrounded(
      valuation,
      risks.map((risk) => risk.source),
    )
  })

  it('find the founder as the only holder of the customer relationships', () => {
    const [keyPerson] = byCategory(analyseOffline(valuation, 'risks').risks, 'Key-person dependence')
    expect(keyPerson).toMatchObject({ level: 'High' })
    expect(keyPerson!.evidence).toContain('is the only person who holds the key customer relationships')
    expect(keyPerson!.description).toContain('Margaret Ellis')
  })

  it('judge the level by what the text states: a few customers at 71%, a contract ending in 15 months, unaudited accounts', () => {
    const { risks } = analyseOffline(valuation, 'risks')
    expect(byCategory(risks, 'Customer concentration').map((risk) => [risk.level, risk.evidence])).toContainEqual([
      'Medium',
      'The top five customers together represent 71% of revenue.',
    ])
    // "runs until June 2026" in a report dated 14 March 2025.
    expect(byCategory(risks, 'Legal and contractual')).toEqual([
      expect.objectContaining({ level: 'Medium', description: expect.stringContaining('June 2026') }),
    ])
    expect(byCategory(risks, 'Financial quality').map((risk) => risk.level)).toEqual(['Medium', 'Low'])
    // Nothing the report does not say.
    expect(byCategory(risks, 'Succession')).toEqual([])
    expect(byCategory(risks, 'Tax')).toEqual([])
    expect(byCategory(risks, 'Market')).toEqual([])
  })

  it('rate each customer of a customer list by its share: 38% High, 14% Medium, 9% none', () => {
    const { risks } = analyseOffline(customers, 'risks')
    expect(risks.map((risk) => [risk.category, risk.level, risk.evidence])).toEqual([
      ['Customer concentration', 'High', 'Solent Marine Group | Marine | 2009 | 6992000 | 38.0%'],
      ['Customer concentration', 'Medium', 'Wessex Aero Structures | Aerospace | 2014 | 2576000 | 14.0%'],
    ])
  })

  it('find the missing successor and the lease ending in 8 months in the succession memo, both High', () => {
    const { risks } = analyseOffline(memo, 'risks')
    expect(byCategory(risks, 'Succession')[0]).toMatchObject({
      level: 'High',
      evidence: 'No successor has been identified, and the board has not discussed a succession plan.',
    })
    expect(byCategory(risks, 'Legal and contractual')).toEqual([
      expect.objectContaining({
        level: 'High',
        description: 'The lease on the Portsmouth plant ends in 8 months (High: within 12 months).',
        evidence:
          'The lease on the Portsmouth plant ends in 8 months, on 30 November 2025, and negotiations with the landlord have not started.',
      }),
    ])
    expect(byCategory(risks, 'Key-person dependence')[0]).toMatchObject({ level: 'High' })
    expect(byCategory(risks, 'Key-person dependence')[0]!.evidence).toContain('only authorised signatory')
    expect(risks[0]!.level).toBe('High')
    expect(risks.at(-1)!.level).not.toBe('High')
    expectGrounded(
      memo,
      risks.map((risk) => risk.source),
    )
  })

  it('are none for a document that states none', () => {
    expect(analyseOffline(notice, 'risks')).toEqual({ risks: [] })
  })
})

describe('recommendations', () => {
  it('address the risks found, naming what they are about, with the risk’s source', () => {
    const { recommendations } = analyseOffline(valuation, 'recommendations')
    const { risks } = analyseOffline(valuation, 'risks')
    const addressed = new Set(recommendations.flatMap((recommendation) => recommendation.addresses))
    for (const risk of risks) expect(addressed).toContain(risk.category)
    expect(recommendations[0]!.text).toContain('Solent Marine Group (38% of revenue)')
    expect(recommendations.some((recommendation) => recommendation.text.includes('Margaret Ellis'))).toBe(true)
    expectGrounded(
      valuation,
      recommendations.map((recommendation) => recommendation.source),
    )
  })

  it('answer the memo’s risks: a successor, the lease, the signatory', () => {
    const texts = analyseOffline(memo, 'recommendations').recommendations.map((recommendation) => recommendation.text)
    expect(texts.some((text) => text.startsWith('Identify and prepare a successor'))).toBe(true)
    expect(texts.some((text) => text.includes('the lease on the Portsmouth plant (it ends in 8 months)'))).toBe(true)
    expect(texts.some((text) => text.includes('the only authorised signatory'))).toBe(true)
  })

  it('are none when the document shows no risk and no earnings to support', () => {
    expect(analyseOffline(notice, 'recommendations')).toEqual({ recommendations: [] })
  })
})
