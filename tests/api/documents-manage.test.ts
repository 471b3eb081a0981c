import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type Harness, type Session, signIn, startApi } from './support/harness'
import { corpusFile, form, processed, upload } from './support/uploads'

let api: Harness
let analyst: Session
beforeAll(async () => {
  api = await startApi()
  analyst = await signIn(api, 'analyst')
})
afterAll(() => api.close())

const get = async (url: string) => (await api.request(url, { token: analyst.access })).json()

describe('list, filters and edits', () => {
  it('filters by status (several at once), category and text, paginated', async () => {
    const ok = await (
      await upload(
        api,
        analyst,
        { name: 'Market study.txt', bytes: 'Competitors and pricing.' },
        { description: 'Regional market' },
      )
    ).json()
    const bad = await (
      await upload(api, analyst, { name: 'scan.pdf', bytes: corpusFile('pdf/pdfjs__empty.pdf') })
    ).json()
    await api.worker!.idle()
    expect((await get('/documents/?status=processed')).results.map((d: { id: number }) => d.id)).toContain(ok.id)
    expect((await get('/documents/?status=failed')).results.map((d: { id: number }) => d.id)).toEqual([bad.id])
    expect((await get('/documents/?status=pending,processing')).count).toBe(0)
    expect((await get('/documents/?category=Market%20Analysis')).results.map((d: { id: number }) => d.id)).toEqual([
      ok.id,
    ])
    expect((await get('/documents/?search=regional')).results.map((d: { id: number }) => d.id)).toEqual([ok.id])
    expect((await get('/documents/?search=SCAN.PDF')).results.map((d: { id: number }) => d.id)).toEqual([bad.id])
    expect((await get('/documents/?search=100%25')).count).toBe(0)
    const page = await get('/documents/?page_size=1&page=2')
    expect(page).toMatchObject({ count: 2, page: 2, page_size: 1 })
    expect(page.results).toHaveLength(1)
    expect((await get('/documents/')).categories).toEqual(['Market Analysis', 'PDF Documents'])
    const wrong = await api.request('/documents/?status=done', { token: analyst.access })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ status: ['Unknown status.'] })
  })

  it('saves title, category and tags, ignoring blank and duplicate tags', async () => {
    const created = await (await upload(api, analyst, { name: 'notes.txt', bytes: 'Notes.' })).json()
    const response = await api.request(`/documents/${created.id}/`, {
      method: 'PATCH',
      token: analyst.access,
      json: { title: '  Board notes ', category: 'Strategy', tags: ['exit', ' ', 'Exit', 'board', 'board '] },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ title: 'Board notes', category: 'Strategy', tags: ['exit', 'board'] })
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
    expect(await get(`/documents/${created.id}/`)).toMatchObject({ title: 'Board notes', tags: ['exit', 'board'] })
  })
})

describe('versions', () => {
  it('keeps old versions, diffs two, restores one and downloads each', async () => {
    const created = await (
      await upload(api, analyst, { name: 'Plan.txt', bytes: 'Sell in 2027.\nKeep the staff.\n' })
    ).json()
    await processed(api, analyst, created.id)
    const single = await get(`/documents/${created.id}/versions/`)
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
    expect(await next.json()).toMatchObject({
      current_version: 2,
      version_count: 2,
      file_name: 'Plan v2.txt',
      processing_status: 'pending',
    })
    await processed(api, analyst, created.id)
    const versions = await get(`/documents/${created.id}/versions/`)
    expect(
      versions.map((v: { version_number: number; is_current: boolean; changes: string }) => [
        v.version_number,
        v.is_current,
        v.changes,
      ]),
    ).toEqual([
      [2, true, 'Moved the date'],
      [1, false, 'Original upload'],
    ])
    const [v2, v1] = versions
    const diff = await get(`/documents/${created.id}/versions/compare/?from=${v1.id}&to=${v2.id}`)
    expect(diff).toMatchObject({ from: 1, to: 2, added_lines: 2, removed_lines: 1 })
    expect(diff.changes).toContainEqual({ type: 'removed', text: 'Sell in 2027.\n' })
    expect(diff.changes).toContainEqual({ type: 'same', text: 'Keep the staff.\n' })

    const old = await api.request(`/documents/${created.id}/download/?version=${v1.id}`, { token: analyst.access })
    expect(await old.text()).toBe('Sell in 2027.\nKeep the staff.\n')

    const restored = await api.request(`/documents/${created.id}/versions/${v1.id}/restore/`, {
      method: 'POST',
      token: analyst.access,
    })
    expect(await restored.json()).toMatchObject({ current_version: 1, file_name: 'Plan.txt' })
    await processed(api, analyst, created.id)
    expect((await get(`/documents/${created.id}/text/?page=1`)).page.text).toBe('Sell in 2027.\nKeep the staff.')
    expect(await (await api.request(`/documents/${created.id}/download/`, { token: analyst.access })).text()).toBe(
      'Sell in 2027.\nKeep the staff.\n',
    )
  })

  it('answers insights from the real text', async () => {
    const created = await (
      await upload(api, analyst, {
        name: 'Valuation.txt',
        bytes: 'EBITDA was $2.4 million. EBITDA margin 18%. The valuation multiple is 5.5x EBITDA.',
      })
    ).json()
    await processed(api, analyst, created.id)
    const insights = await get(`/documents/${created.id}/insights/`)
    expect(insights.word_count).toBe(13)
    expect(insights.key_terms[0]).toEqual({ term: 'ebitda', count: 3 })
    expect(insights.figures).toEqual(['$2.4 million', '18%', '5.5x'])
  })
})
