import { describe, expect, it } from 'vitest'

import { readLeaseTerm } from '../../api/facts/answers/lease-term-answer'
import { leaseTerms } from '../../api/facts/lease-terms'
import type { StoredTerm } from '../../api/facts/organization-terms'
import { proseFacts } from '../../api/facts/prose-facts'

const page = (text: string) => [{ kind: 'page' as const, label: null, text }]
const read = (text: string) =>
  leaseTerms(page(text)).map((term) => [term.entity, term.termKey, term.text, term.date ?? term.year])
const stored = (text: string): StoredTerm[] =>
  leaseTerms(page(text)).map((term) => ({ ...term, documentId: 1, title: 'Leases' }))

const SCHEDULE = [
  'Lease summary',
  'Premises | Address | Landlord | Start | End | Monthly rent',
  'Shop and warehouse | 6809 Enterprise Way, Bend, Oregon | Dunmore Properties | October 1, 2017 | December 31, 2030 | $2,000',
  'Sales office | 517 Riverside Avenue, Bend, Oregon | Westfield Land Co. | 3/15/2019 | 4/30/2032 | $3,250',
].join('\n')

describe('lease terms read at ingestion', () => {
  it('reads a schedule of premises: each landlord and date under its header', () => {
    expect(read(SCHEDULE)).toEqual([
      ['Shop and warehouse', 'landlord', 'Dunmore Properties', null],
      ['Shop and warehouse', 'lease_start', 'October 1, 2017', '2017-10-01'],
      ['Shop and warehouse', 'lease_end', 'December 31, 2030', '2030-12-31'],
      ['Sales office', 'landlord', 'Westfield Land Co.', null],
      ['Sales office', 'lease_start', '3/15/2019', '2019-03-15'],
      ['Sales office', 'lease_end', '4/30/2032', '2032-04-30'],
    ])
  })

  it('reads the dates of a schedule set in spaces by the order of its date headers', () => {
    const text = [
      'Leases',
      '',
      'Premises Address Landlord Start End Rent / month',
      'Machine shop 9772 Mill Road, Rochester, Minnesota Crossroads Realty September 1, 2018 April 30, 2031 $23,750',
    ].join('\n')
    expect(read(text)).toEqual([
      ['Machine shop', 'lease_start', 'September 1, 2018', '2018-09-01'],
      ['Machine shop', 'lease_end', 'April 30, 2031', '2031-04-30'],
    ])
  })

  it('reads sentences about a lease, of the premises they name or of the one lease they speak of', () => {
    const text = [
      'Where we operate',
      '----------------',
      'Yard and garage: 7416 Riverside Avenue, Fairview, Ohio, leased from Dunmore Properties from September 1, 2023 to September 30, 2027, at $13,000 a month.',
      '',
      'The lease on the machine shop runs to 2030. The lease runs until September 30, 2029.',
      'We were founded in 2002 and moved in 2010.',
    ].join('\n')
    expect(read(text)).toEqual([
      ['Yard and garage', 'landlord', 'Dunmore Properties', null],
      ['Yard and garage', 'lease_start', 'September 1, 2023', '2023-09-01'],
      ['Yard and garage', 'lease_end', 'September 30, 2027', '2027-09-30'],
      ['machine shop', 'lease_end', '2030', 2030],
      [null, 'lease_end', 'September 30, 2029', '2029-09-30'],
    ])
    // The rent in the same sentence is the premises' own.
    expect(proseFacts(page(text)).find((fact) => fact.measureKey === 'monthly_rent')).toMatchObject({
      value: '13000',
      entity: 'Yard and garage',
      entityKind: 'premises',
    })
  })
})

describe('lease questions answered from the terms', () => {
  const terms = stored(SCHEDULE)

  it('gives the end of the lease and the landlord of the premises named', () => {
    expect(readLeaseTerm('When does the shop and warehouse lease expire?', terms)).toMatchObject({
      strategy: 'lease-end',
      figure: 'December 31, 2030',
    })
    expect(readLeaseTerm('Who is the landlord of the sales office?', terms)).toMatchObject({
      strategy: 'landlord',
      figure: 'Westfield Land Co.',
    })
    expect(readLeaseTerm('Who does the company lease the shop and warehouse from?', terms)?.figure).toBe(
      'Dunmore Properties',
    )
  })

  it('counts the leases ending before or after a year, each read once', () => {
    const counted = readLeaseTerm('How many of the leases expire before 2032?', terms)
    expect(counted?.figure).toBe('1')
    const written = counted?.working.map((part) => (typeof part === 'string' ? part : `${part.text} [1]`)).join('')
    expect(written).toBe(
      'Shop and warehouse, lease ends: December 31, 2030 [1]; Sales office, lease ends: 4/30/2032 [1]; 1 of 2 end before 2032',
    )
    expect(readLeaseTerm('How many leases end after 2031?', terms)?.figure).toBe('1')
  })

  it('answers nothing it would guess: premises not held, several unnamed, two ends stated', () => {
    expect(readLeaseTerm('When does the warehouse lease expire?', terms)).toBeNull()
    expect(readLeaseTerm('When does the lease end?', terms)).toBeNull()
    const disputed = [...terms, ...stored('The lease on the sales office runs until June 30, 2031.')]
    expect(readLeaseTerm('When does the sales office lease expire?', disputed)).toBeNull()
    // A year alone that agrees with the day stated elsewhere: the day.
    const agreeing = [...terms, ...stored('The lease on the sales office runs to 2032.')]
    expect(readLeaseTerm('When does the sales office lease expire?', agreeing)?.figure).toBe('April 30, 2032')
    // The one lease a file speaks of, unnamed.
    expect(readLeaseTerm('When does the lease end?', stored('The lease runs until September 30, 2029.'))?.figure).toBe(
      'September 30, 2029',
    )
  })
})
