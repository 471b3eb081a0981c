import { describe, expect, it } from 'vitest'

import type { Passage } from '../../api/ai/retrieval/passage'
import { accountsAssurance } from '../../api/readiness/proposals/accounts'
import { largestCustomer } from '../../api/readiness/proposals/customers'
import { leaseEnding } from '../../api/readiness/proposals/lease'
import { ownerDependence } from '../../api/readiness/proposals/owner'
import { recurringShare } from '../../api/readiness/proposals/recurring'

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

describe("the largest customer's share", () => {
  it('is computed from revenue over the total row, exactly, citing both cells', () => {
    const found = largestCustomer([
      passage(
        [
          'Client | Revenue 2025',
          'Harbor Marine | 3,100,000',
          'Baylor Freight | 1,250,000',
          'All other clients | 5,650,000',
          'Total | 10,000,000',
        ].join('\n'),
        'Clients 2025',
      ),
    ])
    expect(found.value).toMatchObject({
      key: 'customers.largest-share',
      score: 1,
      reason:
        'The largest customer, Harbor Marine, brings 31% of revenue (3,100,000 of 10,000,000 in total): above 25% proposes 1.',
      sources: [{ quote: '3,100,000' }, { quote: '10,000,000' }],
    })
  })

  it('is not read from a table without a total row or a whole share column', () => {
    expect(largestCustomer([passage('Customer | Revenue\nAcme | 500,000\nBeta | 400,000', 'Top customers')])).toEqual({
      value: null,
      reason:
        'The customer table in Top customers gives revenue by customer but no total row, so a share cannot be computed.',
    })
    expect(largestCustomer([passage('Customer | Share of sales\nAcme | 12%\nBeta | 9%', 'Top customers')])).toEqual({
      value: null,
      reason:
        'The customer table in Top customers was read only in part (its shares add up to 21%), so its largest customer is not known.',
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
    const table = (year: string, share: string, rest: string) =>
      passage(
        `Customer | Share of revenue\nAcme Homes | ${share}\nAll other customers | ${rest}`,
        `Customers ${year}`,
        Number(year),
      )
    expect(largestCustomer([table('2025', '18%', '82%'), table('2024', '22%', '78%')])).toEqual({
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
