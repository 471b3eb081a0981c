import { readFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { processDocumentJob } from '../../api/ingest/process-document'
import { createJobQueue } from '../../api/jobs/queue'
import { SALE_FILE } from '../fixtures/sale-file'
import { ANALYSIS_FIXTURES } from '../unit/support/analysis-fixtures'
import { type Harness, type Session, signIn, startApi } from './support/harness'
import { upload } from './support/uploads'

// No worker runs: each test processes its uploads when it chooses, after the edits it makes first.
let api: Harness
let analyst: Session
beforeAll(async () => {
  api = await startApi({ JOB_WORKER: 'false' })
  analyst = await signIn(api, 'analyst')
})
afterAll(() => api.close())

const uploadFile = async (file: string, fields: Record<string, string>) => {
  const response = await upload(api, analyst, { name: path.basename(file), bytes: readFileSync(file, 'utf8') }, fields)
  expect(response.status).toBe(201)
  return (await response.json()) as { id: number; category: string }
}

/** Runs the processing jobs waiting, as the worker would. */
async function processWaiting() {
  const queue = createJobQueue(api.db, { leaseSeconds: 60 })
  for (let job = await queue.claim(); job; job = await queue.claim()) {
    await processDocumentJob(api.deps)(job)
    await queue.complete(job)
  }
}

const categoryOf = async (id: number) =>
  ((await (await api.request(`/documents/${id}/`, { token: analyst.access })).json()) as { category: string }).category

describe('the category the app gives a document (decision 062)', () => {
  it('guesses it from the content once read: a customer list is Financial, a succession memo Strategy', async () => {
    const customers = await uploadFile(path.join(SALE_FILE, 'customers.csv'), { title: 'Customer list' })
    const memo = await uploadFile(path.join(ANALYSIS_FIXTURES, 'succession-memo.txt'), { title: 'Memo to the board' })
    const needs = await uploadFile(path.join(SALE_FILE, 'owner-memo.txt'), { title: "Renata's memo on what she needs" })
    // Before the text is read the title alone says nothing sure: the file type's category stands in.
    expect([customers.category, memo.category, needs.category]).toEqual([
      'Spreadsheets',
      'Word Documents',
      'Word Documents',
    ])
    await processWaiting()
    expect(await categoryOf(customers.id)).toBe('Financial')
    expect(await categoryOf(memo.id)).toBe('Strategy')
    expect(await categoryOf(needs.id)).toBe('Strategy')
  })

  it('never replaces a category a person chose, at upload or while the document waited', async () => {
    const chosen = await uploadFile(path.join(ANALYSIS_FIXTURES, 'succession-memo.txt'), { category: 'HR & Team' })
    const edited = await uploadFile(path.join(SALE_FILE, 'customers.csv'), {})
    const renamed = await uploadFile(path.join(ANALYSIS_FIXTURES, 'customer-list.csv'), {})
    const patch = (id: number, json: Record<string, string>) =>
      api.request(`/documents/${id}/`, { method: 'PATCH', token: analyst.access, json })
    expect((await patch(edited.id, { category: 'Market Analysis' })).status).toBe(200)
    // The metadata form sends the category with every save: an unchanged one is still the app's guess.
    expect((await patch(renamed.id, { title: 'Customers by sector', category: renamed.category })).status).toBe(200)
    await processWaiting()
    expect(await categoryOf(chosen.id)).toBe('HR & Team')
    expect(await categoryOf(edited.id)).toBe('Market Analysis')
    expect(await categoryOf(renamed.id)).toBe('Financial')
  })
})
