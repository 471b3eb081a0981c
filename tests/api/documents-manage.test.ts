import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import {
  DocumentInsightsSchema,
  DocumentListSchema,
  DocumentSchema,
  DocumentTextSchema,
  UploadSchema,
  VersionComparisonSchema,
  VersionSchema,
} from '../../api/documents/contract'
import { inContract } from './support/contract'
import { type Harness, type Session, signIn, startApi } from './support/harness'
import { corpusFile, form, processed, upload } from './support/uploads'

let api: Harness
let analyst: Session
beforeAll(async () => {
  api = await startApi()
  analyst = await signIn(api, 'analyst')
})
afterAll(() => api.close())

/** A body the analyst is answered, checked to be exactly what the contract declares. */
const get = async <S extends z.ZodTypeAny>(url: string, schema: S) =>
  inContract(schema, await (await api.request(url, { token: analyst.access })).json())
/** An upload's answer, as the contract declares it. */
const uploaded = async (response: Promise<Response>) => inContract(UploadSchema, await (await response).json())

describe('list, filters and edits', () => {
  it('filters by status (several at once), category and text, paginated', async () => {
    const ok = await uploaded(
      upload(
        api,
        analyst,
        { name: 'Market study.txt', bytes: 'Competitors and pricing.' },
        { description: 'Regional market' },
      ),
    )
    const bad = await uploaded(upload(api, analyst, { name: 'scan.pdf', bytes: corpusFile('pdf/pdfjs__empty.pdf') }))
    await api.worker!.idle()
    expect((await get('/documents/?status=processed', DocumentListSchema)).results.map((d) => d.id)).toContain(ok.id)
    expect((await get('/documents/?status=failed', DocumentListSchema)).results.map((d) => d.id)).toEqual([bad.id])
    expect((await get('/documents/?status=pending,processing', DocumentListSchema)).count).toBe(0)
    expect((await get('/documents/?category=Market%20Analysis', DocumentListSchema)).results.map((d) => d.id)).toEqual([
      ok.id,
    ])
    expect((await get('/documents/?search=regional', DocumentListSchema)).results.map((d) => d.id)).toEqual([ok.id])
    expect((await get('/documents/?search=SCAN.PDF', DocumentListSchema)).results.map((d) => d.id)).toEqual([bad.id])
    expect((await get('/documents/?search=100%25', DocumentListSchema)).count).toBe(0)
    const page = await get('/documents/?page_size=1&page=2', DocumentListSchema)
    expect(page).toMatchObject({ count: 2, page: 2, page_size: 1 })
    expect(page.results).toHaveLength(1)
    expect((await get('/documents/', DocumentListSchema)).categories).toEqual(['Market Analysis', 'PDF Documents'])
    const wrong = await api.request('/documents/?status=done', { token: analyst.access })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ status: ['Unknown status.'] })
  })

  it('saves title, category and tags, ignoring blank and duplicate tags', async () => {
    const created = await uploaded(upload(api, analyst, { name: 'notes.txt', bytes: 'Notes.' }))
    const response = await api.request(`/documents/${created.id}/`, {
      method: 'PATCH',
      token: analyst.access,
      json: { title: '  Board notes ', category: 'Strategy', tags: ['exit', ' ', 'Exit', 'board', 'board '] },
    })
    expect(response.status).toBe(200)
    expect(inContract(DocumentSchema, await response.json())).toMatchObject({
      title: 'Board notes',
      category: 'Strategy',
      tags: ['exit', 'board'],
    })
    const invalid = await api.request(`/documents/${created.id}/`, {
      method: 'PATCH',
      token: analyst.access,
      json: { title: '', tags: 'x', owner: 1 },
    })
    expect(invalid.status).toBe(400)
    const malformed = await api.request(`/documents/${created.id}/`, {
      method: 'PATCH',
      token: analyst.access,
      body: '{"title":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    // A tag longer than 50 characters is refused with its length, never cut; nothing changes.
    const long = 'x'.repeat(51)
    const tooLong = await api.request(`/documents/${created.id}/`, {
      method: 'PATCH',
      token: analyst.access,
      json: { title: 'Renamed', tags: ['exit', long] },
    })
    expect(tooLong.status).toBe(400)
    expect(await tooLong.json()).toEqual({ 'tags.1': ['A tag can have at most 50 characters; this one has 51.'] })
    expect(await get(`/documents/${created.id}/`, DocumentSchema)).toMatchObject({
      title: 'Board notes',
      tags: ['exit', 'board'],
    })
  })
})

describe('versions', () => {
  it('keeps old versions, diffs two, restores one and downloads each', async () => {
    const created = await uploaded(
      upload(api, analyst, { name: 'Plan.txt', bytes: 'Sell in 2027.\nKeep the staff.\n' }),
    )
    await processed(api, analyst, created.id)
    const single = await get(`/documents/${created.id}/versions/`, z.array(VersionSchema))
    expect(single).toHaveLength(1)

    const next = await api.request(`/documents/${created.id}/versions/`, {
      method: 'POST',
      token: analyst.access,
      body: form(
        { file: { name: 'Plan v2.txt', bytes: 'Sell in 2028.\nKeep the staff.\nTrain a successor.\n' } },
        { changes: 'Moved the date' },
      ),
    })
    expect(next.status).toBe(201)
    expect(inContract(DocumentSchema, await next.json())).toMatchObject({
      current_version: 2,
      version_count: 2,
      file_name: 'Plan v2.txt',
      processing_status: 'pending',
    })
    await processed(api, analyst, created.id)
    const versions = await get(`/documents/${created.id}/versions/`, z.array(VersionSchema))
    expect(versions.map((v) => [v.version_number, v.is_current, v.changes])).toEqual([
      [2, true, 'Moved the date'],
      [1, false, 'Original upload'],
    ])
    const [v2, v1] = versions
    const diff = await get(
      `/documents/${created.id}/versions/compare/?from=${v1!.id}&to=${v2!.id}`,
      VersionComparisonSchema,
    )
    expect(diff).toMatchObject({ from: 1, to: 2, added_lines: 2, removed_lines: 1 })
    expect(diff.changes).toContainEqual({ type: 'removed', text: 'Sell in 2027.\n' })
    expect(diff.changes).toContainEqual({ type: 'same', text: 'Keep the staff.\n' })

    const old = await api.request(`/documents/${created.id}/download/?version=${v1.id}`, { token: analyst.access })
    expect(await old.text()).toBe('Sell in 2027.\nKeep the staff.\n')

    const restored = await api.request(`/documents/${created.id}/versions/${v1.id}/restore/`, {
      method: 'POST',
      token: analyst.access,
    })
    expect(inContract(DocumentSchema, await restored.json())).toMatchObject({
      current_version: 1,
      file_name: 'Plan.txt',
    })
    await processed(api, analyst, created.id)
    expect((await get(`/documents/${created.id}/text/?page=1`, DocumentTextSchema)).page!.text).toBe(
      'Sell in 2027.\nKeep the staff.',
    )
    expect(await (await api.request(`/documents/${created.id}/download/`, { token: analyst.access })).text()).toBe(
      'Sell in 2027.\nKeep the staff.\n',
    )
  })

  it('answers insights from the real text', async () => {
    const created = await uploaded(
      upload(api, analyst, {
        name: 'Valuation.txt',
        bytes: 'EBITDA was $2.4 million. EBITDA margin 18%. The valuation multiple is 5.5x EBITDA.',
      }),
    )
    await processed(api, analyst, created.id)
    const insights = await get(`/documents/${created.id}/insights/`, DocumentInsightsSchema)
    expect(insights.word_count).toBe(13)
    expect(insights.key_terms[0]).toEqual({ term: 'ebitda', count: 3 })
    expect(insights.figures).toEqual(['$2.4 million', '18%', '5.5x'])
  })
})
