import { describe, expect, it } from 'vitest'

import type { Passage } from '../../api/ai/retrieval/passage'
import { accountsAssurance } from '../../api/readiness/assessment/proposals/accounts'
import {
  chooseLargestCustomer,
  largestCustomer as proposeLargest,
} from '../../api/readiness/assessment/proposals/customers'
import { leaseEnding } from '../../api/readiness/assessment/proposals/lease'
import { ownerDependence } from '../../api/readiness/assessment/proposals/owner'
import { recurringShare } from '../../api/readiness/assessment/proposals/recurring'
import { documentFacts } from '../support/stored-facts'

let chunk = 0
const passage = (text: string, documentTitle = 'Sale file notes', documentId = 1): Passage => ({
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

/** The proposal from the tables of these documents, each `[text, title]`. */
const largestCustomer = (...documents: Array<[string, string]>) =>
  proposeLargest(
    chooseLargestCustomer(documents.flatMap(([text, title], index) => documentFacts(index + 1, title, text))),
    new Map(),
  )

describe("the largest customer's share", () => {
  it('is computed from revenue over the total row, exactly, citing both cells', () => {
    const found = largestCustomer([
      [
        'Client | Revenue 2025',
        'Harbor Marine | 3,100,000',
        'Baylor Freight | 1,250,000',
        'All other clients | 5,650,000',
        'Total | 10,000,000',
      ].join('\n'),
      'Clients 2025',
    ])
    expect(found.value).toMatchObject({
      key: 'customers.largest-share',
      score: 1,
      reason:
        'The largest customer, Harbor Marine, brings 31% of revenue (3,100,000 of 10,000,000 in total): above 25% proposes 1.',
      sources: [{ quote: '3,100,000' }, { quote: '10,000,000' }],
    })
  })

  it('is not computed from a table of the top customers alone, but read where the table states shares', () => {
    expect(largestCustomer(['Customer | Revenue\nAcme | 500,000\nBeta | 400,000', 'Top customers'])).toEqual({
      value: null,
      reason:
        'The customer table in Top customers gives revenue by customer but no total row, so a share cannot be computed.',
    })
    expect(largestCustomer(['Customer | Share of sales\nAcme | 12%\nBeta | 9%', 'Top customers']).value).toMatchObject({
      score: 3,
      reason:
        'The largest customer, Acme, brings 12% of revenue (as the table states its share): above 10% proposes 3.',
    })
  })

  it('reads a share written as a fraction as its percent', () => {
    expect(
      largestCustomer(['Customer | FY2025 | % of revenue\nAcme | 500 | 0.095\nAll others | 4,763 | 0.905', 'Customers'])
        .value?.reason,
    ).toBe('The largest customer, Acme, brings 9.5% of revenue (as the table states its share): above 5% proposes 4.')
  })

  it("is computed over the year's revenue as the statements state it", () => {
    const found = largestCustomer(
      ['Customer | FY2025 revenue\nAcme | 500,000\nBeta | 400,000', 'Top customers'],
      ['Income statement | FY2024 | FY2025\nRevenue | 1,800,000 | 2,000,000', 'Income statement'],
    )
    expect(found.value).toMatchObject({
      score: 2,
      reason:
        'The largest customer, Acme, brings 25% of revenue (500,000 of 2,000,000 in total): above 15% proposes 2.',
      sources: [{ title: 'Top customers' }, { title: 'Income statement', location: 'row "Revenue", column "FY2025"' }],
    })
  })
})

describe('owner dependence', () => {
  it("is read from the owner's words, not from a sentence about someone else or one saying it is over", () => {
    const found = ownerDependence([
      passage(
        [
          'Marcus is the only person who can run the irrigation installs.',
          'I am no longer the only one who signs the purchase orders.',
          'Our customers still want to deal with me on every quote over $20,000.',
          'There is no obvious successor in the family.',
        ].join(' '),
      ),
    ])
    expect(found['owner.operations']).toEqual({
      value: null,
      reason: 'No document says the owner is the only person who does key work.',
    })
    expect(found['owner.relationships'].value).toMatchObject({
      score: 2,
      sources: [{ quote: 'Our customers still want to deal with me on every quote over $20,000.' }],
    })
    expect(found['management.successor'].value).toMatchObject({
      score: 1,
      sources: [{ quote: 'There is no obvious successor in the family.' }],
    })
  })
})

describe('the accounts', () => {
  it('are proposed 4 when audited, and not at all when the documents disagree', () => {
    const audited = 'The financial statements for 2025 were audited by Crowe LLP, with an unqualified opinion.'
    expect(accountsAssurance([passage(audited)]).value).toMatchObject({ score: 4, sources: [{ quote: audited }] })
    expect(
      accountsAssurance([passage(audited), passage('Our accounts are unaudited.', 'Owner notes', 2)]).reason,
    ).toMatch(/^The documents disagree on how far the financial statements are checked: audited, /)
  })
})

describe('a lease ending', () => {
  it('is read from a lease table by its end column', () => {
    const found = leaseEnding(
      [passage('Premises | Lease end | Rent\nWarehouse | 2027-03-31 | 4,000\nShop | 2031-01-31 | 2,500', 'Leases')],
      new Date('2026-11-28T00:00:00Z'),
    )
    expect(found.value).toMatchObject({
      score: 2,
      sources: [{ title: 'Leases', location: 'row "Warehouse", column "Lease end"', quote: '2027-03-31' }],
    })
  })
})

describe('the recurring share of revenue', () => {
  it('is proposed by the stated thresholds from a sentence that states it', () => {
    const sentence = 'Maintenance contracts brought 42% of revenue in 2025.'
    expect(recurringShare([passage(sentence)]).value).toEqual({
      key: 'recurring.share',
      score: 4,
      reason: '42% of revenue recurs, as Sale file notes states: 40% or more proposes 4.',
      sources: [expect.objectContaining({ quote: sentence })],
    })
  })
})

describe('evidence that must not be read as a proposal', () => {
  it('gives no largest customer when two customer tables disagree', () => {
    const table = (year: string, share: string, rest: string): [string, string] => [
      `Customer | Share of revenue\nAcme Homes | ${share}\nAll other customers | ${rest}`,
      `Customers ${year}`,
    ]
    expect(largestCustomer(table('2025', '18%', '82%'), table('2024', '22%', '78%'))).toEqual({
      value: null,
      reason:
        'The documents hold customer tables with different largest shares: 18% (Customers 2025, row "Acme Homes", column "Share of revenue"); 22% (Customers 2024, row "Acme Homes", column "Share of revenue").',
    })
  })

  it('reads no end from a date that belongs to another clause, and both ends from a sentence naming two', () => {
    const now = new Date('2026-11-28T00:00:00Z')
    expect(
      leaseEnding([passage('The yard lease runs until 2030; rent was last reviewed on March 1, 2027.')], now).value,
    ).toBeNull()
    const two = leaseEnding(
      [passage('The office lease ends on December 31, 2030 and the shop lease expires on May 31, 2027.')],
      now,
    )
    expect(two.value?.reason).toMatch(/^Sale file notes states an end on May 31, 2027, within a year of 2026-11-28\./)
  })

  it('reads no recurring share from a growth rate', () => {
    expect(recurringShare([passage('Recurring revenue grew 15% last year, to about a third of sales.')])).toEqual({
      value: null,
      reason: 'No document states what share of revenue recurs.',
    })
  })
})
