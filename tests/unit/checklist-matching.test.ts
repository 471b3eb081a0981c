import { describe, expect, it } from 'vitest'

import { matchChecklist, type MatchDocument, statedDates, TEXT_CHARS } from '../../api/readiness/checklist/matching'
import { MAX_DOCUMENTS } from '../../api/readiness/checklist/service'
import { STANDARD_ITEMS } from '../../api/readiness/checklist/standard-items'
import { MAX_CHECKLIST_TITLE, MAX_CUSTOM_ITEMS } from '../../shared/checklist'

const NOW = new Date('2026-11-28T09:00:00Z')

const doc = (id: number, title: string, text = '', category = ''): MatchDocument => ({ id, title, category, text })
const item = (documents: MatchDocument[], key: string, confirmed?: Map<string, number>) =>
  matchChecklist(STANDARD_ITEMS, documents, { now: NOW, confirmed }).get(key)!

describe('the standard list', () => {
  it('holds about forty items with unique keys, each with title and content terms', () => {
    expect(STANDARD_ITEMS.length).toBeGreaterThanOrEqual(38)
    expect(STANDARD_ITEMS.length).toBeLessThanOrEqual(46)
    expect(new Set(STANDARD_ITEMS.map((rule) => rule.key)).size).toBe(STANDARD_ITEMS.length)
    for (const rule of STANDARD_ITEMS) {
      expect(rule.titleTerms.length, rule.key).toBeGreaterThan(0)
      expect(rule.contentTerms.length, rule.key).toBeGreaterThan(0)
    }
  })
})

describe('matching documents to checklist items', () => {
  it('calls an item missing when no document matches it', () => {
    const result = item([doc(1, 'Board pack', 'Agenda and notes')], 'leases')
    expect(result).toMatchObject({ status: 'missing', matches: [] })
  })

  it('calls an item present when a title names it, and says so', () => {
    const result = item([doc(1, 'Warehouse lease 2021', 'Between the landlord and the tenant.')], 'leases')
    expect(result.status).toBe('present')
    expect(result.matches[0]).toMatchObject({ documentId: 1, kind: 'title' })
    expect(result.matches[0]!.how[0]).toBe('title says “lease”')
  })

  it('finds a lease by its content alone, as probable, counting the mentions', () => {
    const text =
      'This agreement is made between Acme Holdings (the Landlord) and Widget Co (the Tenant). ' +
      'The Landlord lets the premises to the Tenant. The lease runs for ten years and the rent is due monthly. '
    const result = item([doc(7, 'Premises agreement, Main Street', text)], 'leases')
    expect(result.status).toBe('probable')
    expect(result.matches[0]).toMatchObject({ documentId: 7, kind: 'content' })
    expect(result.matches[0]!.how.join(' ')).toMatch(/content mentions “landlord” twice, “tenant” twice/)
    expect(result.reason).toMatch(/content only/)
  })

  it('does not suggest a document from a single passing mention', () => {
    expect(item([doc(1, 'Strategy memo', 'We might lease a van one day.')], 'leases').status).toBe('missing')
  })

  it('turns a probable match present once an advisor confirms it', () => {
    const text = 'The landlord and the tenant agree on the premises and the rent.'
    const result = item([doc(3, 'Main Street agreement', text)], 'leases', new Map([['leases', 3]]))
    expect(result.status).toBe('present')
    expect(result.matches[0]!.how[0]).toBe('confirmed by an advisor')
  })

  it('calls a current item stale when its document’s own date is over a year old', () => {
    const text =
      'Certificate of insurance. Policy number 12. Coverage as of March 31, 2024. The insured and the insurer.'
    const result = item([doc(1, 'Insurance certificate', text)], 'insurance-policies')
    expect(result.status).toBe('stale')
    expect(result.matches[0]).toMatchObject({ date: '2024-03-31', dateText: 'as of March 31, 2024' })
    expect(result.reason).toBe('The newest matching document is dated Mar 31, 2024, over a year ago.')
  })

  it('keeps a dated item present when its document is recent', () => {
    const result = item([doc(1, 'Insurance schedule', 'Cover as at 30 June 2026.')], 'insurance-policies')
    expect(result).toMatchObject({ status: 'present', matches: [{ date: '2026-06-30' }] })
  })

  it('never calls a document stale without a date of its own (its upload time is not one)', () => {
    const result = item([doc(1, 'Insurance policy', 'Insurer: Mutual. Premium paid.')], 'insurance-policies')
    expect(result.status).toBe('present')
    expect(result.matches[0]!.date).toBeNull()
    expect(result.reason).toMatch(/without a date of its own is not counted as stale/)
  })

  it('does not age a lease: it stays in force', () => {
    const result = item([doc(1, 'Office lease', 'Dated January 5, 2015 between landlord and tenant.')], 'leases')
    expect(result.status).toBe('present')
    expect(result.matches[0]!.date).toBe('2015-01-05')
  })

  it('asks for three years of financial statements and says how many were found', () => {
    const two = [
      doc(1, 'Financial statements FY2025', 'Balance sheet as of December 31, 2025'),
      doc(2, 'Financial statements FY2024', 'Balance sheet as of December 31, 2024'),
    ]
    const partial = item(two, 'financial-statements')
    expect(partial).toMatchObject({ status: 'probable', yearsNeeded: 3, yearsFound: [2024, 2025] })
    expect(partial.reason).toBe('2 of the 3 years asked for found (2024, 2025): confirm or add the rest.')
    const three = [...two, doc(3, 'Annual accounts for the year ended 31 December 2023', 'Income statement')]
    expect(item(three, 'financial-statements')).toMatchObject({ status: 'present', yearsFound: [2023, 2024, 2025] })
  })

  it('suggests a lone statement for the financial statements as one part of them, never the whole', () => {
    const result = item(
      [doc(4, 'Income statement FY2023-FY2025', 'Line item,FY2023,FY2024,FY2025')],
      'financial-statements',
    )
    expect(result).toMatchObject({ status: 'probable', yearsFound: [2023, 2024, 2025] })
    expect(result.matches[0]!.how[0]).toBe('title says “income statement”, one part of what is asked')
    expect(result.reason).toBe('A document names one part of what is asked: confirm it, or add the rest.')
    // A full set named for what it is still comes first.
    const both = [doc(4, 'Income statement FY2025'), doc(5, 'Financial statements FY2025')]
    expect(item(both, 'financial-statements').matches.map((match) => match.documentId)).toEqual([5, 4])
  })

  it('takes a title splitting revenue by what is sold for a breakdown, not one splitting it by time', () => {
    expect(item([doc(1, 'Sales by product line 2025')], 'revenue-breakdown').status).toBe('present')
    expect(item([doc(1, 'Sales by quarter 2025')], 'revenue-breakdown').matches).toEqual([])
  })

  it('takes a document whose tables hold what is asked as provided, whatever its title', () => {
    const what = 'an income statement for 2023–2025'
    const statement: MatchDocument = {
      ...doc(3, 'numbers for Karen'),
      content: [{ kind: 'financial-statements', what, years: [2023, 2024, 2025] }],
    }
    const result = item([statement], 'financial-statements')
    expect(result).toMatchObject({ status: 'present', yearsFound: [2023, 2024, 2025] })
    expect(result.matches[0]).toMatchObject({ kind: 'tables', how: [`its tables hold ${what}`] })
    expect(item([statement], 'customer-concentration').matches).toEqual([])
  })

  it('knows an add-back schedule and a customer table by the names sellers give them', () => {
    expect(item([doc(1, 'Owner adjustments FY2025')], 'quality-of-earnings').status).toBe('present')
    expect(item([doc(2, 'Customers FY2025', 'Customer,Share of revenue')], 'customer-concentration').status).toBe(
      'present',
    )
  })

  it('reads a document’s own dates: keyed dates, fiscal years, a month in the title; not future terms', () => {
    const dates = statedDates(
      'Management accounts March 2026',
      'For the year ended 31 December 2025. FY24 comparatives. Dated 2026-02-14. The lease ends December 31, 2030.',
      NOW,
    )
    expect(dates.map((date) => date.date).sort()).toEqual(['2024-12-31', '2025-12-31', '2026-02-14', '2026-03-31'])
    expect(dates.map((date) => date.text)).toContain('FY24')
  })

  it('reads only the opening of a long text', () => {
    const filler = 'the quick brown fox jumps over the lazy dog 1,1,1,1 as of as of '.repeat(200_000)
    const result = matchChecklist(STANDARD_ITEMS, [doc(1, 'Notes', filler + ' landlord tenant premises lease')], {
      now: NOW,
    })
    expect(filler.length).toBeGreaterThan(TEXT_CHARS * 100)
    // The lease words come after the part read.
    expect(result.get('leases')!.status).toBe('missing')
  })

  // Issue 43: 100 items of a repeated word against 25 documents of that word took 5 s a read when
  // each phrase was counted from the places of its first word. At the limits (every document read,
  // 100 items of up to 200 characters, each a different phrase that runs long before it differs)
  // that took minutes; read in one pass, it is the text's length.
  it('matches the most documents against the most custom items of one repeated word, all counted', () => {
    const titles = Array.from({ length: MAX_CUSTOM_ITEMS }, (_, index) =>
      index === 0
        ? 'lease '.repeat(Math.floor(MAX_CHECKLIST_TITLE / 6)).trim()
        : `${'lease '.repeat(5 + (index % 25))}${'deed '.repeat(1 + Math.floor(index / 25))}`.trim(),
    )
    expect(Math.max(...titles.map((title) => title.length))).toBeLessThanOrEqual(MAX_CHECKLIST_TITLE)
    const custom = titles.map((title, index) => ({
      key: `custom-${index + 1}`,
      section: 'Legal' as const,
      title,
      titleTerms: [title],
      contentTerms: [title],
    }))
    const textWords = Math.floor(TEXT_CHARS / 'lease '.length)
    const text = 'lease '.repeat(textWords)
    const [first] = titles as [string]
    const documents = Array.from({ length: MAX_DOCUMENTS }, (_, index) => doc(index + 1, first, text))
    const results = matchChecklist([...STANDARD_ITEMS, ...custom], documents, { now: NOW })
    expect(results.get('custom-1')).toMatchObject({ status: 'present' })
    expect(results.get('custom-1')!.matches[0]!.how).toEqual([
      `title says “${first}”`,
      `content mentions “${first}” ${textWords - first.split(' ').length + 1} times`,
    ])
    expect(results.get('custom-2')).toMatchObject({ status: 'missing', matches: [] })
    expect(results.get('custom-100')).toMatchObject({ status: 'missing', matches: [] })
  })
})
