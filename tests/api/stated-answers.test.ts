import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { documentTerms } from '../../api/db/schema'
import { eventLines } from './support/event-lines'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { form, processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'

let api: Harness
let analyst: Session
let member: Session
let outsider: Session
let harbor: string
beforeAll(async () => {
  api = await startApi()
  ;({ analyst, member, outsider, harbor } = await demoAndHarbor(api))
})
afterAll(() => api.close())

const schedule = (shopEnd: string) =>
  [
    'Premises,Address,Landlord,Start,End,Monthly rent',
    `Machine shop,9772 Mill Road,Crossroads Realty,2018-09-01,${shopEnd},"$23,750"`,
    'Sales office,517 Riverside Avenue,Dunmore Properties,2019-03-01,2032-04-30,"$3,250"',
    '',
  ].join('\n')

const ask = async (session: Session, org: string, content: string, documentIds?: number[]) =>
  (await message(session, org, content, documentIds)).content

const termsOf = (documentId: number) =>
  api.db.select().from(documentTerms).where(eq(documentTerms.documentId, documentId)).orderBy(documentTerms.id)

async function message(session: Session, org: string, content: string, documentIds?: number[]) {
  const json = documentIds ? { document_ids: documentIds } : {}
  const created = await api.request('/conversations/', { method: 'POST', token: session.access, org, json })
  const { id } = (await created.json()) as { id: number }
  const response = await api.request(`/conversations/${id}/add_message_streaming/?stream=true`, {
    method: 'POST',
    token: session.access,
    org,
    json: { content },
  })
  const last = (await eventLines(response).rest()).at(-1)
  if (last?.type !== 'metadata') throw new Error(`the stream ended with ${JSON.stringify(last)}`)
  return last.message as unknown as {
    content: string
    derivation: { strategy?: string; operands: Array<{ text: string }> } | null
  }
}

describe("a lease schedule's terms", () => {
  it('are read at ingestion, answer in chat only in their organization, follow a new version and go with the document', async () => {
    const created = await (await upload(api, analyst, { name: 'leases.csv', bytes: schedule('2031-04-30') })).json()
    await processed(api, analyst, created.id)
    const first = await termsOf(created.id)
    expect(first.map((term) => [term.entity, term.termKey, term.text])).toEqual([
      ['Machine shop', 'landlord', 'Crossroads Realty'],
      ['Machine shop', 'lease_start', '2018-09-01'],
      ['Machine shop', 'lease_end', '2031-04-30'],
      ['Sales office', 'landlord', 'Dunmore Properties'],
      ['Sales office', 'lease_start', '2019-03-01'],
      ['Sales office', 'lease_end', '2032-04-30'],
    ])

    expect(await ask(member, DEMO, 'When does the machine shop lease expire?')).toMatch(
      /^April 30, 2031\n\nMachine shop, lease ends: 2031-04-30 \[1\]/,
    )
    // Its working cites the cell it was read from, and names the strategy that answered.
    const { derivation } = await message(member, DEMO, 'When does the machine shop lease expire?')
    expect(derivation).toMatchObject({ strategy: 'lease-end', operands: [{ text: '2031-04-30' }] })
    expect(await ask(member, DEMO, 'Who is the landlord of the sales office?')).toMatch(
      /^Dunmore Properties\n\nSales office, landlord: Dunmore Properties \[1\]/,
    )
    expect(await ask(member, DEMO, 'How many leases end before 2032?')).toMatch(
      /^1\n\n.*2032-04-30 \[1\]; 1 of 2 end before 2032/,
    )
    expect(await ask(member, DEMO, 'What is the total monthly rent of all leases?')).toMatch(/^\$27,000\n/)
    // Another organization's member asks the same and reads nothing of the demo organization's leases.
    expect(await ask(outsider, harbor, 'When does the machine shop lease expire?')).not.toMatch(/2031/)
    // A conversation limited to some documents reads their terms only.
    const notes = await (
      await upload(api, analyst, { name: 'notes.txt', bytes: 'The owner means to retire.\n' })
    ).json()
    await processed(api, analyst, notes.id)
    const limited = 'When does the machine shop lease expire?'
    expect(await ask(member, DEMO, limited, [created.id])).toMatch(/^April 30, 2031\n/)
    expect(await ask(member, DEMO, limited, [notes.id])).not.toMatch(/2031/)

    const next = await api.request(`/documents/${created.id}/versions/`, {
      method: 'POST',
      token: analyst.access,
      body: form({ file: { name: 'leases v2.csv', bytes: schedule('2029-12-31') } }, { changes: 'Renewed early' }),
    })
    expect(next.status).toBe(201)
    await processed(api, analyst, created.id)
    const ends = (await termsOf(created.id)).filter((term) => term.termKey === 'lease_end').map((term) => term.text)
    expect(ends).toEqual(['2029-12-31', '2032-04-30'])
    expect(await ask(member, DEMO, 'When does the machine shop lease expire?')).toMatch(/^December 31, 2029\n/)

    const deleted = await api.request(`/documents/${created.id}/`, { method: 'DELETE', token: analyst.access })
    expect(deleted.status).toBe(204)
    expect(await termsOf(created.id)).toEqual([])
  })
})

describe("the owner's exit date", () => {
  it('is the date the after-tax need is wanted by, cited by its sentence; none when two documents differ', async () => {
    const memo = 'I need $4 million after tax from the sale by March 31, 2028, so that I can retire.\n'
    const created = await (await upload(api, analyst, { name: 'my goals.txt', bytes: memo })).json()
    await processed(api, analyst, created.id)
    const question = 'By what date does the owner want to be out of the business?'
    expect(await ask(member, DEMO, question)).toMatch(
      /^March 31, 2028\n\nThe after-tax need is wanted by March 31, 2028 \[1\]/,
    )
    expect(await ask(outsider, harbor, question)).not.toMatch(/March 31, 2028/)
    // The need asked of the owner by name is read from the facts (worked, not quoted) once the files name them.
    const profile = 'Maria Lopez founded the company in 1998 and owns all of it.\n'
    const owner = await (await upload(api, analyst, { name: 'profile.txt', bytes: profile })).json()
    await processed(api, analyst, owner.id)
    expect(await ask(member, DEMO, 'How much does Maria Lopez need after tax from the sale?')).toMatch(
      /^\$?4 million\n\n(?!>)/,
    )
    expect(await ask(member, DEMO, 'How much does Peter Quill need after tax from the sale?')).not.toMatch(
      /^\$?4 million\n\n(?!>)/,
    )

    const other = 'My number is $4 million after tax by the end of June 2029.\n'
    const second = await (await upload(api, analyst, { name: 'notes.txt', bytes: other })).json()
    await processed(api, analyst, second.id)
    expect(await ask(member, DEMO, question)).not.toMatch(/^March 31, 2028\n/)
  })
})
