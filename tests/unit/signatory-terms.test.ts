import { describe, expect, it } from 'vitest'

import { preparedAsked, readPreparedBy } from '../../api/facts/answers/prepared-by-answer'
import type { StoredTerm } from '../../api/facts/organization-terms'
import { signatoryTerms } from '../../api/facts/signatory-terms'

const page = (text: string) => ({ kind: 'page' as const, label: null, text })
const stored = (title: string, text: string): StoredTerm[] =>
  signatoryTerms([page(text)]).map((term) => ({ ...term, documentId: 1, title }))

const LETTER = `Meridian Valuation Group
May 6, 2024
Re: Indication of value - Sugar Maple Bakery
Dear Tomas,
Based on our analysis, the fair market value of the Company is in the range of $2M to $2.7M.
Sincerely,
Meridian Valuation Group`

describe('who signs a letter off, read at ingestion', () => {
  it('reads the firm of the sign-off, with the subject the letter states', () => {
    expect(signatoryTerms([page(LETTER)])).toEqual([
      expect.objectContaining({
        termKey: 'prepared_by',
        entity: 'Indication of value - Sugar Maple Bakery',
        entityKind: 'document',
        text: 'Meridian Valuation Group',
        source: { page: 1, row: null, column: null, quote: 'Meridian Valuation Group' },
      }),
    ])
  })

  it('takes the firm over the person and the title above it, past a blank line and contact details', () => {
    const text =
      'We remain at your disposal.\n\nKind regards,\n\n/s/ Jane Doe, ASA\nManaging Director\n(555) 201-3344\nHarbor Advisors, Inc.\n\nEnclosure'
    expect(signatoryTerms([page(text)]).map((term) => [term.text, term.entity])).toEqual([
      ['Harbor Advisors, Inc.', null],
    ])
  })

  it('takes the person when no line names a firm, and reads nothing without a sign-off', () => {
    expect(
      signatoryTerms([page('Thanks for the call.\nBest regards,\nTom Reyes\nOwner')]).map((term) => term.text),
    ).toEqual(['Tom Reyes'])
    expect(signatoryTerms([page('Revenue grew. Sincerely, the figures are right.\nMeridian Group')])).toEqual([])
  })
})

describe('who prepared a document, asked', () => {
  it('reads what the question names, and not what someone did', () => {
    expect(preparedAsked('Which firm prepared the valuation?')).toEqual(['valuat'])
    expect(preparedAsked('Who wrote the appraisal report for the bank?')).toEqual(['apprais', 'report'])
    expect(preparedAsked('What did the company do in 2023?')).toBeNull()
    expect(preparedAsked('Who is the owner?')).toBeNull()
  })

  it('answers from the letter whose title or subject shares a stem with it, one signatory only', () => {
    const terms = stored('appraisal - final', LETTER)
    expect(readPreparedBy('Which firm prepared the valuation?', terms)).toMatchObject({
      strategy: 'prepared-by',
      figure: 'Meridian Valuation Group',
    })
    expect(readPreparedBy('Who wrote the lease?', terms)).toBeNull()
    const other = stored('valuation update', LETTER.replace(/Meridian Valuation Group$/, 'Clearwater Capital Partners'))
    expect(readPreparedBy('Which firm prepared the valuation?', [...terms, ...other])).toBeNull()
  })
})
