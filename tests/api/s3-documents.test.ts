import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { wav } from '../support/wav'
import { demoAndHarbor, type Harness, startApi, type TwoOrganizations } from './support/harness'
import { type LocalS3, startLocalS3 } from './support/s3-server'
import { corpusFile, processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const TEXT =
  'Earn-out schedule: the Lindqvist family receives 30% of the price over three years, tied to gross margin above 41%.'

const objectOf = (bytes: Uint8Array | string) => {
  const key = createHash('sha256').update(bytes).digest('hex')
  return `files/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`
}

/** A transcription server that hears one sentence in whatever it is sent, and keeps the bytes it got. */
async function startTranscriptionServer() {
  const received: Uint8Array[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const form = await new Request('http://transcriber.test/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData()
      const file = form.get('file')
      if (file instanceof Blob) received.push(new Uint8Array(await file.arrayBuffer()))
      const segments = [{ start: 0, end: 3, text: 'Revenue was 14.2 million last year.' }]
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ segments }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let s3: LocalS3
let transcriber: Awaited<ReturnType<typeof startTranscriptionServer>>
let api: Harness
let people: TwoOrganizations

beforeAll(async () => {
  s3 = await startLocalS3()
  transcriber = await startTranscriptionServer()
  api = await startApi({ ...s3.env, TRANSCRIBE_BASE_URL: transcriber.baseUrl })
  people = await demoAndHarbor(api)
})
afterAll(async () => {
  await api?.close()
  await transcriber?.close()
  await s3?.close()
})

/**
 * The files in the scratch folder and under DATA_DIR/files: none, when files live in S3 (the
 * process's empty staging folder may stay).
 */
function localCopies() {
  return ['scratch', 'files']
    .map((folder) => path.join(api.dataDir, folder))
    .filter((folder) => existsSync(folder))
    .flatMap((folder) => readdirSync(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

describe('documents stored in S3', () => {
  it('uploads, processes, downloads, searches and deletes a document with its bytes only in the bucket', async () => {
    const { analyst, member, admin, outsider, harbor } = people
    const response = await upload(api, analyst, { name: 'Earn-out terms.txt', bytes: TEXT }, {}, DEMO)
    expect(response.status, await response.clone().text()).toBe(201)
    const created = await response.json()
    expect(await processed(api, analyst, created.id)).toMatchObject({ processing_status: 'processed', word_count: 19 })
    expect(await s3.keys()).toEqual([objectOf(TEXT)])
    expect(localCopies()).toEqual([])

    for (const reader of [admin, analyst, member]) {
      const download = await api.request(`/documents/${created.id}/download/`, { token: reader.access, org: DEMO })
      expect(download.status).toBe(200)
      expect(download.headers.get('content-length')).toBe(String(Buffer.byteLength(TEXT)))
      expect(await download.text()).toBe(TEXT)
    }
    // Another organization's user neither downloads nor finds it.
    const foreign = await api.request(`/documents/${created.id}/download/`, { token: outsider.access, org: harbor })
    expect(foreign.status).toBe(404)

    const search = (token: string, org: string) =>
      api.request('/search/', { method: 'POST', token, org, json: { query: 'Lindqvist earn-out gross margin' } })
    const found = (await (await search(member.access, DEMO)).json()).results
    expect(found[0]).toMatchObject({ document_id: created.id })
    expect(found[0].text).toContain('Lindqvist family receives 30%')
    expect((await (await search(outsider.access, harbor)).json()).results).toEqual([])

    // A member may read but not delete; the object stays until an editor deletes the document.
    const refused = await api.request(`/documents/${created.id}/`, {
      method: 'DELETE',
      token: member.access,
      org: DEMO,
    })
    expect(refused.status).toBe(403)
    expect(await s3.keys()).toEqual([objectOf(TEXT)])
    const deleted = await api.request(`/documents/${created.id}/`, {
      method: 'DELETE',
      token: analyst.access,
      org: DEMO,
    })
    expect(deleted.status).toBe(204)
    expect(await s3.keys()).toEqual([])
  })

  it('reads a PDF from the bucket through a scratch copy, removed once the pages are extracted', async () => {
    const { analyst } = people
    const pdf = corpusFile('pdf/pdfjs__basicapi.pdf')
    const created = await (await upload(api, analyst, { name: 'basicapi.pdf', bytes: pdf }, {}, DEMO)).json()
    expect(await processed(api, analyst, created.id)).toMatchObject({ processing_status: 'processed', page_count: 3 })
    const download = await api.request(`/documents/${created.id}/download/`, { token: analyst.access, org: DEMO })
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf)
    expect(localCopies()).toEqual([])
    expect(
      (await api.request(`/documents/${created.id}/`, { method: 'DELETE', token: analyst.access, org: DEMO })).status,
    ).toBe(204)
    expect(await s3.keys()).toEqual([])
  })
})

describe('meeting recordings stored in S3', () => {
  it('stores a recording in the bucket, sends its bytes to the transcription server, and serves it back', async () => {
    const { analyst, outsider, harbor } = people
    const scheduled = await api.request('/meetings/', {
      method: 'POST',
      token: analyst.access,
      org: DEMO,
      json: { title: 'Valuation review', date: '2026-03-04T15:00:00.000Z', duration: 30, participants: [] },
    })
    expect(scheduled.status, await scheduled.clone().text()).toBe(201)
    const meeting = await scheduled.json()
    const recording = wav(0.5)
    const body = new FormData()
    body.append('file', new File([recording], 'review.wav'))
    const uploaded = await api.request(`/meetings/${meeting.id}/recording/`, {
      method: 'POST',
      token: analyst.access,
      org: DEMO,
      body,
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(202)
    expect(await s3.keys()).toContain(objectOf(recording))

    await api.worker!.idle()
    expect(transcriber.received).toEqual([recording])
    const done = await (await api.request(`/meetings/${meeting.id}/`, { token: analyst.access, org: DEMO })).json()
    expect(done).toMatchObject({ status: 'processed', transcriptionError: null })
    expect(localCopies()).toEqual([])

    const download = await api.request(`/meetings/${meeting.id}/recording/`, { token: analyst.access, org: DEMO })
    expect(download.status).toBe(200)
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(recording)
    const foreign = await api.request(`/meetings/${meeting.id}/recording/`, { token: outsider.access, org: harbor })
    expect(foreign.status).toBe(404)
  })
})
