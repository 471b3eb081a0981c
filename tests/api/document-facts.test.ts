import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { documentFacts, documents } from '../../api/db/schema'
import { FACTS_READER } from '../../api/facts/read-facts'
import { queueStaleFacts } from '../../api/ingest/read-facts-job'
import { type Harness, type Session, signIn, startApi } from './support/harness'
import { form, processed, upload } from './support/uploads'

let api: Harness
let analyst: Session
beforeAll(async () => {
  api = await startApi()
  analyst = await signIn(api, 'analyst')
})
afterAll(() => api.close())

const statement = (revenue2025: string) =>
  [
    'Income statement ($ in thousands)',
    ',FY2023,FY2024,FY2025',
    `Revenue,"1,100","1,200","${revenue2025}"`,
    'Gross profit,400,450,500',
    'Net income,90,100,150',
    '',
  ].join('\n')

const factsOf = (documentId: number) =>
  api.db.select().from(documentFacts).where(eq(documentFacts.documentId, documentId)).orderBy(documentFacts.id)

const revenue2025 = async (documentId: number) =>
  (await factsOf(documentId))
    .filter((fact) => fact.measureKey === 'revenue' && fact.periodYear === 2025)
    .map((fact) => Number(fact.value))

describe('the facts of a document', () => {
  it('are read at ingestion, replaced by a new version and by a restored one, and gone with the document', async () => {
    const created = await (await upload(api, analyst, { name: 'numbers.csv', bytes: statement('1,500') })).json()
    await processed(api, analyst, created.id)
    const [document] = await api.db.select().from(documents).where(eq(documents.id, created.id))
    const first = await factsOf(created.id)
    expect(first.length).toBeGreaterThan(0)
    expect(first.every((fact) => fact.organizationId === document!.organizationId)).toBe(true)
    expect(first.every((fact) => fact.versionId === document!.currentVersionId)).toBe(true)
    expect(await revenue2025(created.id)).toEqual([1_500_000])

    const next = await api.request(`/documents/${created.id}/versions/`, {
      method: 'POST',
      token: analyst.access,
      body: form({ file: { name: 'numbers v2.csv', bytes: statement('1,800') } }, { changes: 'Restated' }),
    })
    expect(next.status).toBe(201)
    await processed(api, analyst, created.id)
    const [updated] = await api.db.select().from(documents).where(eq(documents.id, created.id))
    expect((await factsOf(created.id)).every((fact) => fact.versionId === updated!.currentVersionId)).toBe(true)
    expect(await revenue2025(created.id)).toEqual([1_800_000])

    const versions = await (await api.request(`/documents/${created.id}/versions/`, { token: analyst.access })).json()
    const original = versions.find((version: { version_number: number }) => version.version_number === 1)
    await api.request(`/documents/${created.id}/versions/${original.id}/restore/`, {
      method: 'POST',
      token: analyst.access,
    })
    await processed(api, analyst, created.id)
    expect(await revenue2025(created.id)).toEqual([1_500_000])

    const deleted = await api.request(`/documents/${created.id}/`, { method: 'DELETE', token: analyst.access })
    expect(deleted.status).toBe(204)
    expect(await factsOf(created.id)).toEqual([])
  })

  it('are read again from the stored pages by the worker when an older reader read them', async () => {
    const created = await (await upload(api, analyst, { name: 'older.csv', bytes: statement('1,500') })).json()
    await processed(api, analyst, created.id)
    // As an upgrade finds a document read before the fact layer (or by an older reader).
    await api.db.delete(documentFacts).where(eq(documentFacts.documentId, created.id))
    await api.db.update(documents).set({ factsReader: null, tablesHold: null }).where(eq(documents.id, created.id))

    expect(await queueStaleFacts(api.deps)).toBe(1)
    // Queued once: a second start before the worker ran it queues nothing more.
    expect(await queueStaleFacts(api.deps)).toBe(0)
    await api.worker!.idle()
    expect(await revenue2025(created.id)).toEqual([1_500_000])
    const [document] = await api.db.select().from(documents).where(eq(documents.id, created.id))
    expect(document!.factsReader).toBe(FACTS_READER)
    // What its tables hold is read with them, for the checklist.
    expect(document!.tablesHold?.map((found) => found.kind)).toEqual(['financial-statements'])
    expect(await queueStaleFacts(api.deps)).toBe(0)
  })
})
