import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  DocumentListSchema,
  DocumentSchema,
  DocumentStatisticsSchema,
  DocumentStatusSchema,
} from '../../api/documents/contract'
import { inContract } from './support/contract'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { form, processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
let api: Harness
let admin: Session
let analyst: Session
let member: Session
let outsider: Session
let documentId: number
let versionId: number

beforeAll(async () => {
  api = await startApi()
  ;({ admin, analyst, member, outsider } = await demoAndHarbor(api))
  const document = await (
    await upload(
      api,
      analyst,
      { name: 'Secret valuation.txt', bytes: 'Harbor must never read this valuation of 9.5x EBITDA.' },
      {},
      DEMO,
    )
  ).json()
  documentId = document.id
  await processed(api, analyst, documentId)
  versionId = (
    await (await api.request(`/documents/${documentId}/versions/`, { token: analyst.access, org: DEMO })).json()
  )[0].id
})
afterAll(() => api.close())

const endpoints = () => [
  ['GET', `/documents/${documentId}/`],
  ['PATCH', `/documents/${documentId}/`],
  ['DELETE', `/documents/${documentId}/`],
  ['POST', `/documents/${documentId}/reprocess/`],
  ['GET', `/documents/${documentId}/status/`],
  ['GET', `/documents/${documentId}/download/`],
  ['GET', `/documents/${documentId}/download/?version=${versionId}`],
  ['GET', `/documents/${documentId}/text/?page=1`],
  ['GET', `/documents/${documentId}/insights/`],
  ['GET', `/documents/${documentId}/versions/`],
  ['POST', `/documents/${documentId}/versions/`],
  ['GET', `/documents/${documentId}/versions/compare/?from=${versionId}&to=${versionId}`],
  ['POST', `/documents/${documentId}/versions/${versionId}/restore/`],
]

function call(method: string, url: string, session: Session, org?: string) {
  if (method === 'PATCH') return api.request(url, { method, token: session.access, org, json: { title: 'Stolen' } })
  if (url.endsWith('/versions/') && method === 'POST') {
    return api.request(url, {
      method,
      token: session.access,
      org,
      body: form({ file: { name: 'x.txt', bytes: 'overwrite' } }),
    })
  }
  return api.request(url, { method, token: session.access, org })
}

describe('another organization', () => {
  it('gets 404 on every endpoint of a document that is not its own, and nothing of it', async () => {
    for (const [method, url] of endpoints()) {
      for (const org of [undefined, DEMO]) {
        const response = await call(method!, url!, outsider, org)
        expect(response.status, `${method} ${url} as outsider (X-Organization ${org})`).toBe(404)
        const body = await response.text()
        expect(body).not.toContain('Secret')
        expect(body).not.toContain('9.5x')
      }
    }
    const still = inContract(
      DocumentSchema,
      await (await api.request(`/documents/${documentId}/`, { token: admin.access, org: DEMO })).json(),
    )
    expect(still).toMatchObject({ title: 'Secret valuation', current_version: 1, processing_status: 'processed' })
  })

  it('does not see the document in its list or statistics', async () => {
    const list = inContract(
      DocumentListSchema,
      await (await api.request('/documents/', { token: outsider.access })).json(),
    )
    expect(list).toMatchObject({ count: 0, results: [] })
    const statistics = inContract(
      DocumentStatisticsSchema,
      await (await api.request('/documents/statistics/', { token: outsider.access })).json(),
    )
    expect(statistics.total_documents).toBe(0)
  })

  it('answers 404 for ids that cannot exist', async () => {
    for (const id of ['0', '-1', 'abc', '99999999999', '424242']) {
      expect((await api.request(`/documents/${id}/`, { token: admin.access, org: DEMO })).status).toBe(404)
    }
  })
})

describe('roles', () => {
  it('refuses upload, batch upload, edit, reprocess, new versions, restore and delete to a member, changing nothing', async () => {
    const refused = [
      await upload(api, member, { name: 'm.txt', bytes: 'member text' }, {}, DEMO),
      await api.request('/documents/upload_batch/', {
        method: 'POST',
        token: member.access,
        org: DEMO,
        body: form({ files: { name: 'm.txt', bytes: 'x' } }),
      }),
      ...(await Promise.all(
        endpoints()
          .filter(([method, url]) => method !== 'GET' && !url!.includes('download'))
          .map(([method, url]) => call(method!, url!, member, DEMO)),
      )),
    ]
    for (const response of refused) {
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ detail: 'You do not have permission to perform this action.' })
    }
    const list = inContract(
      DocumentListSchema,
      await (await api.request('/documents/', { token: member.access, org: DEMO })).json(),
    )
    expect(list.results.map((document) => document.title)).toEqual(['Secret valuation'])
  })

  it('lets a member read, download and see the text', async () => {
    const download = await api.request(`/documents/${documentId}/download/`, { token: member.access, org: DEMO })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Secret valuation.txt"; filename*=UTF-8''Secret%20valuation.txt`,
    )
    expect(await download.text()).toBe('Harbor must never read this valuation of 9.5x EBITDA.')
    const status = await api.request(`/documents/${documentId}/status/`, { token: member.access, org: DEMO })
    expect(inContract(DocumentStatusSchema, await status.json())).toMatchObject({
      id: documentId,
      processing_status: 'processed',
      failure_reason: null,
    })
  })

  it('lets an analyst and an admin upload, reprocess and delete', async () => {
    for (const editor of [analyst, admin]) {
      const created = await (
        await upload(api, editor, { name: 'temp.txt', bytes: 'Temporary notes.' }, {}, DEMO)
      ).json()
      await processed(api, editor, created.id)
      const reprocess = await api.request(`/documents/${created.id}/reprocess/`, {
        method: 'POST',
        token: editor.access,
        org: DEMO,
      })
      expect(reprocess.status).toBe(200)
      expect(inContract(DocumentSchema, await reprocess.json()).processing_status).toBe('pending')
      expect((await processed(api, editor, created.id)).processing_status).toBe('processed')
      const deleted = await api.request(`/documents/${created.id}/`, {
        method: 'DELETE',
        token: editor.access,
        org: DEMO,
      })
      expect(deleted.status).toBe(204)
      expect((await api.request(`/documents/${created.id}/`, { token: editor.access, org: DEMO })).status).toBe(404)
    }
  })
})
