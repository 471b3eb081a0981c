import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import {
  BatchUploadSchema,
  DocumentListSchema,
  DocumentSchema,
  DuplicatesHeldSchema,
  DuplicatesResolvedSchema,
  UploadSchema,
  VersionSchema,
} from '../../api/documents/contract'
import { SearchResponseSchema } from '../../api/search/contract'
import { inContract } from './support/contract'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { form, type Part, processed, resolveDuplicates, upload, uploadBatch } from './support/uploads'

const DEMO = 'demo-advisory-group'
let api: Harness
let admin: Session
let analyst: Session
let member: Session
let outsider: Session
let harbor: string

beforeAll(async () => {
  api = await startApi()
  ;({ admin, analyst, member, outsider, harbor } = await demoAndHarbor(api))
})
afterAll(() => api.close())

let serial = 0
/** A text file whose content no other test uploads. */
const uniqueFile = (name: string, words = 'Notes on the sale of the business.'): Part => ({
  name,
  bytes: `${words} (${name} #${++serial})`,
})

async function uploaded(session: Session, file: Part, fields: Record<string, string> = {}, org?: string) {
  const response = await upload(api, session, file, fields, org)
  expect(response.status, await response.clone().text()).toBe(201)
  return inContract(UploadSchema, await response.json())
}

async function documentCount(session: Session, org?: string) {
  const response = await api.request('/documents/?page_size=1', { token: session.access, org })
  return inContract(DocumentListSchema, await response.json()).count
}

async function versions(session: Session, id: number, org?: string) {
  const response = await api.request(`/documents/${id}/versions/`, { token: session.access, org })
  return inContract(z.array(VersionSchema), await response.json())
}

describe('uploading a file the organization already holds', () => {
  it('still stores it for a client that says nothing, and the answer names the document it copies', async () => {
    const file = uniqueFile('plan.txt')
    const first = await uploaded(analyst, file, { title: 'Exit plan' })
    expect(first.duplicate).toBeNull()
    const second = await uploaded(analyst, { ...file, name: 'plan (1).txt' }, { title: 'Exit plan again' })
    expect(second.id).not.toBe(first.id)
    expect(second.duplicate).toEqual({
      file_name: 'plan (1).txt',
      duplicate_of: { id: first.id, title: 'Exit plan', version_number: 1, is_current: true },
      outcome: 'kept',
      document: { id: second.id, title: 'Exit plan again', current_version: 1 },
    })
  })

  it('answers 409 naming the document with on_duplicate=ask, and stores nothing', async () => {
    const file = uniqueFile('memo.txt')
    const first = await uploaded(analyst, file, { title: 'Valuation memo' })
    const before = await documentCount(analyst)
    const response = await upload(api, analyst, file, { title: 'Another memo', on_duplicate: 'ask' })
    expect(response.status).toBe(409)
    const body = inContract(DuplicatesHeldSchema, await response.json())
    expect(body.detail).toBe('"memo.txt" is already uploaded as "Valuation memo".')
    expect(body.duplicates).toEqual([
      {
        file_name: 'memo.txt',
        duplicate_of: { id: first.id, title: 'Valuation memo', version_number: 1, is_current: true },
        outcome: 'undecided',
        document: null,
        token: expect.any(String),
      },
    ])
    expect(await documentCount(analyst)).toBe(before)
  })

  it('stores nothing with on_duplicate=skip and answers the existing document', async () => {
    const file = uniqueFile('lease.txt')
    const first = await uploaded(analyst, file, { title: 'Lease' })
    const before = await documentCount(analyst)
    const response = await upload(api, analyst, file, { title: 'Lease copy', on_duplicate: 'skip' })
    expect(response.status).toBe(200)
    const body = inContract(UploadSchema, await response.json())
    expect(body).toMatchObject({
      id: first.id,
      title: 'Lease',
      version_count: 1,
      duplicate: { outcome: 'skipped', document: null },
    })
    expect(await documentCount(analyst)).toBe(before)
    expect(await versions(analyst, first.id)).toHaveLength(1)
  })

  it('adds it as the next version of the existing document with on_duplicate=new_version', async () => {
    const file = uniqueFile('forecast.txt')
    const first = await uploaded(analyst, file, { title: 'Forecast' })
    const before = await documentCount(analyst)
    const response = await upload(
      api,
      analyst,
      { ...file, name: 'forecast-final.txt' },
      { title: 'ignored', on_duplicate: 'new_version' },
    )
    expect(response.status).toBe(201)
    const body = inContract(UploadSchema, await response.json())
    expect(body).toMatchObject({
      id: first.id,
      title: 'Forecast',
      current_version: 2,
      version_count: 2,
      file_name: 'forecast-final.txt',
    })
    expect(body.duplicate).toMatchObject({
      outcome: 'new_version',
      document: { id: first.id, title: 'Forecast', current_version: 2 },
    })
    expect(await documentCount(analyst)).toBe(before)
    const list = await versions(analyst, first.id)
    expect(list.map((version) => [version.version_number, version.is_current])).toEqual([
      [2, true],
      [1, false],
    ])
    expect(list[0]!.changes).toBe('Uploaded forecast-final.txt: the same file as version 1')
    expect((await processed(api, analyst, first.id)).processing_status).toBe('processed')
  })

  it('counts a file of an older version as a duplicate of that version', async () => {
    const original = uniqueFile('terms.txt')
    const document = await uploaded(analyst, original, { title: 'Term sheet' })
    const next = await api.request(`/documents/${document.id}/versions/`, {
      method: 'POST',
      token: analyst.access,
      body: form({ file: uniqueFile('terms-v2.txt') }),
    })
    expect(next.status).toBe(201)
    const response = await upload(api, analyst, original, { on_duplicate: 'ask' })
    expect(response.status).toBe(409)
    const body = inContract(DuplicatesHeldSchema, await response.json())
    expect(body.detail).toBe('"terms.txt" is already uploaded as version 1 of "Term sheet".')
    expect(body.duplicates[0]!.duplicate_of).toEqual({
      id: document.id,
      title: 'Term sheet',
      version_number: 1,
      is_current: false,
    })
  })

  it('never takes another organization’s identical file for a duplicate, nor names its document', async () => {
    const file = uniqueFile('secret-valuation.txt', 'Harbor must never learn of this valuation at 9.5x EBITDA.')
    await uploaded(analyst, file, { title: 'Confidential Lindqvist valuation' }, DEMO)
    const single = await upload(api, outsider, file, { title: 'Their own copy', on_duplicate: 'ask' }, harbor)
    expect(single.status).toBe(201)
    const singleBody = await single.text()
    expect(inContract(UploadSchema, JSON.parse(singleBody))).toMatchObject({ title: 'Their own copy', duplicate: null })
    expect(singleBody).not.toContain('Lindqvist')

    const other = uniqueFile('other-secret.txt', 'Another confidential Lindqvist figure.')
    await uploaded(analyst, other, { title: 'Lindqvist figures' }, DEMO)
    const batch = await uploadBatch(api, outsider, [other], { on_duplicate: 'ask' }, harbor)
    expect(batch.status).toBe(201)
    const batchBody = await batch.text()
    expect(inContract(BatchUploadSchema, JSON.parse(batchBody))).toMatchObject({
      document_ids: [expect.any(Number)],
      duplicates: [],
    })
    expect(batchBody).not.toContain('Lindqvist')
  })

  it('does not count a deleted document: its file is new again', async () => {
    const file = uniqueFile('old-deck.txt')
    const first = await uploaded(analyst, file, { title: 'Old deck' })
    expect((await api.request(`/documents/${first.id}/`, { method: 'DELETE', token: analyst.access })).status).toBe(204)
    const again = await upload(api, analyst, file, { on_duplicate: 'ask' })
    expect(again.status).toBe(201)
    const body = await again.text()
    expect(inContract(UploadSchema, JSON.parse(body))).toMatchObject({ title: 'old-deck', duplicate: null })
    expect(body).not.toContain('Old deck')
  })

  it('refuses an unknown on_duplicate, storing nothing', async () => {
    const before = await documentCount(analyst)
    for (const response of [
      await upload(api, analyst, uniqueFile('a.txt'), { on_duplicate: 'replace' }),
      await uploadBatch(api, analyst, [uniqueFile('b.txt')], { on_duplicate: 'replace' }),
    ]) {
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ on_duplicate: ['Choose one of: keep, skip, new_version, ask.'] })
    }
    expect(await documentCount(analyst)).toBe(before)
  })
})

describe('a batch with duplicates', () => {
  it('stores the new files and holds each duplicate with ask, naming its document (one of the batch too)', async () => {
    const [a, b, fresh] = [uniqueFile('a.txt'), uniqueFile('b.txt'), uniqueFile('fresh.txt')]
    const docA = await uploaded(analyst, a, { title: 'Document A' })
    const docB = await uploaded(analyst, b, { title: 'Document B' })
    const response = await uploadBatch(api, analyst, [a, fresh, b, { ...fresh, name: 'fresh-copy.txt' }], {
      on_duplicate: 'ask',
    })
    expect(response.status).toBe(201)
    const body = inContract(BatchUploadSchema, await response.json())
    expect(body.document_ids).toHaveLength(1)
    const [freshId] = body.document_ids
    const entries = body.duplicates
      .map((entry) => [
        entry.file_name,
        entry.duplicate_of!.id,
        entry.duplicate_of!.title,
        entry.outcome,
        typeof entry.token,
      ])
      .sort((x, y) => String(x[0]).localeCompare(String(y[0])))
    // Files are stored as they finish arriving, so either copy of the repeated file may come first.
    const [stored, repeat] = entries[2]![0] === 'fresh.txt' ? ['fresh-copy', 'fresh.txt'] : ['fresh', 'fresh-copy.txt']
    expect(entries).toEqual([
      ['a.txt', docA.id, 'Document A', 'undecided', 'string'],
      ['b.txt', docB.id, 'Document B', 'undecided', 'string'],
      [repeat, freshId, stored, 'undecided', 'string'],
    ])
    expect(body.message).toBe('1 document uploaded and queued for processing. 3 files are already uploaded.')
  })

  it('keeps duplicates for a client that says nothing, and the message says so', async () => {
    const a = uniqueFile('kept.txt')
    const docA = await uploaded(analyst, a, { title: 'Kept original' })
    const response = await uploadBatch(api, analyst, [a, uniqueFile('new.txt')])
    expect(response.status).toBe(201)
    const body = inContract(BatchUploadSchema, await response.json())
    expect(body.document_ids).toHaveLength(2)
    expect(body.message).toBe(
      '2 documents uploaded and queued for processing. "kept.txt" is a copy of "Kept original".',
    )
    expect(body.duplicates).toEqual([
      {
        file_name: 'kept.txt',
        duplicate_of: { id: docA.id, title: 'Kept original', version_number: 1, is_current: true },
        outcome: 'kept',
        document: { id: expect.any(Number), title: 'kept', current_version: 1 },
      },
    ])
    expect(body.document_ids).toContain(body.duplicates[0]!.document!.id)
  })

  it('skips or adds versions for every duplicate with on_duplicate=skip or new_version', async () => {
    const a = uniqueFile('quarter.txt')
    const docA = await uploaded(analyst, a, { title: 'Quarter' })
    const skipped = await uploadBatch(api, analyst, [a], { on_duplicate: 'skip' })
    expect(skipped.status).toBe(200)
    expect(inContract(BatchUploadSchema, await skipped.json())).toMatchObject({
      document_ids: [],
      message: 'Nothing uploaded: "quarter.txt" is already uploaded as "Quarter".',
    })
    const added = await uploadBatch(api, analyst, [a, uniqueFile('other.txt')], { on_duplicate: 'new_version' })
    expect(added.status).toBe(201)
    expect(inContract(BatchUploadSchema, await added.json()).message).toBe(
      '1 document uploaded and queued for processing. "quarter.txt" added as version 2 of "Quarter".',
    )
    expect(await versions(analyst, docA.id)).toHaveLength(2)
  })
})

describe('settling held duplicates (POST /documents/resolve_duplicates/)', () => {
  async function held(files: Part[], titles: string[], session = analyst, org?: string) {
    const documents = []
    for (const [index, file] of files.entries())
      documents.push(await uploaded(session, file, { title: titles[index]! }, org))
    const response = await uploadBatch(api, session, files, { on_duplicate: 'ask' }, org)
    const body = inContract(BatchUploadSchema, await response.json())
    // In the order of `files` (a batch answers them in the order they finished arriving).
    const entries = body.duplicates
    return { documents, tokens: files.map((file) => entries.find((entry) => entry.file_name === file.name)!.token) }
  }

  it('honours each choice: keep creates a document, skip stores nothing, new_version adds a version', async () => {
    const files = [uniqueFile('keep.txt'), uniqueFile('skip.txt'), uniqueFile('version.txt')]
    const { documents, tokens } = await held(files, ['Keep me', 'Skip me', 'Version me'])
    const before = await documentCount(analyst)
    const response = await resolveDuplicates(api, analyst, [
      { token: tokens[0]!, on_duplicate: 'keep', category: 'Legal' },
      { token: tokens[1]!, on_duplicate: 'skip' },
      { token: tokens[2]!, on_duplicate: 'new_version' },
    ])
    expect(response.status).toBe(201)
    const body = inContract(DuplicatesResolvedSchema, await response.json())
    expect(body.document_ids).toHaveLength(1)
    expect(body.duplicates.map((entry) => entry.outcome)).toEqual(['kept', 'skipped', 'new_version'])
    expect(body.message).toBe(
      '1 document uploaded and queued for processing. "keep.txt" is a copy of "Keep me". ' +
        '"version.txt" added as version 2 of "Version me". Skipped: "skip.txt" is already uploaded as "Skip me".',
    )
    expect(await documentCount(analyst)).toBe(before + 1)
    const kept = inContract(
      DocumentSchema,
      await (await api.request(`/documents/${body.document_ids[0]}/`, { token: analyst.access })).json(),
    )
    expect(kept).toMatchObject({ title: 'keep', file_name: 'keep.txt', category: 'Legal' })
    expect(await versions(analyst, documents[1]!.id)).toHaveLength(1)
    expect(await versions(analyst, documents[2]!.id)).toHaveLength(2)
  })

  it('says which files were skipped when every one is', async () => {
    const { tokens } = await held([uniqueFile('only.txt')], ['Only'])
    const before = await documentCount(analyst)
    const response = await resolveDuplicates(api, analyst, [{ token: tokens[0]!, on_duplicate: 'skip' }])
    expect(response.status).toBe(200)
    expect(inContract(DuplicatesResolvedSchema, await response.json())).toMatchObject({
      document_ids: [],
      message: 'Skipped: "only.txt" is already uploaded as "Only".',
    })
    expect(await documentCount(analyst)).toBe(before)
  })

  it('refuses a token made for another organization or another user, naming nothing of it', async () => {
    const { tokens } = await held([uniqueFile('private.txt', 'Lindqvist private numbers.')], ['Lindqvist private'])
    const before = await documentCount(outsider, harbor)
    for (const [session, org] of [
      [outsider, harbor],
      [admin, DEMO],
    ] as const) {
      const response = await resolveDuplicates(api, session, [{ token: tokens[0]!, on_duplicate: 'keep' }], org)
      expect(response.status).toBe(400)
      const text = await response.text()
      expect(JSON.parse(text)).toEqual({
        detail: 'This upload is no longer waiting for a choice. Upload the file again.',
      })
      expect(text).not.toContain('Lindqvist')
      expect(text).not.toContain('private.txt')
    }
    expect(await documentCount(outsider, harbor)).toBe(before)
  })

  it('refuses a forged or altered token, so no storage key is ever taken from the client', async () => {
    const { tokens } = await held([uniqueFile('forge.txt')], ['Forge source'])
    const [payload, signature] = tokens[0]!.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const altered = Buffer.from(JSON.stringify({ ...claims, k: 'f'.repeat(64) })).toString('base64url')
    const before = await documentCount(analyst)
    for (const token of [`${altered}.${signature}`, `${payload}.${'A'.repeat(43)}`, payload!, 'garbage']) {
      const response = await resolveDuplicates(api, analyst, [{ token, on_duplicate: 'keep' }])
      expect(response.status, token).toBe(400)
    }
    expect(await documentCount(analyst)).toBe(before)
  })

  it('cannot keep or add a file whose document was deleted since, but can skip it', async () => {
    const { documents, tokens } = await held([uniqueFile('gone.txt')], ['Gone soon'])
    await api.request(`/documents/${documents[0]!.id}/`, { method: 'DELETE', token: analyst.access })
    const before = await documentCount(analyst)
    for (const choice of ['keep', 'new_version']) {
      const response = await resolveDuplicates(api, analyst, [{ token: tokens[0]!, on_duplicate: choice }])
      expect(response.status).toBe(409)
      expect(await response.json()).toEqual({
        detail:
          '"gone.txt" can no longer be added: the document that had the same file was deleted. Upload the file again.',
      })
    }
    expect(await documentCount(analyst)).toBe(before)
    const skipped = await resolveDuplicates(api, analyst, [{ token: tokens[0]!, on_duplicate: 'skip' }])
    expect(skipped.status).toBe(200)
    expect(inContract(DuplicatesResolvedSchema, await skipped.json())).toMatchObject({
      document_ids: [],
      message: '"gone.txt" skipped.',
    })
  })

  it('stores nothing when one choice of several is refused', async () => {
    const { documents, tokens } = await held([uniqueFile('stays.txt'), uniqueFile('leaves.txt')], ['Stays', 'Leaves'])
    await api.request(`/documents/${documents[1]!.id}/`, { method: 'DELETE', token: analyst.access })
    const before = await documentCount(analyst)
    const response = await resolveDuplicates(api, analyst, [
      { token: tokens[0]!, on_duplicate: 'keep' },
      { token: tokens[1]!, on_duplicate: 'keep' },
    ])
    expect(response.status).toBe(409)
    expect(await documentCount(analyst)).toBe(before)
  })

  it('is for admins and analysts only', async () => {
    const { tokens } = await held([uniqueFile('roles.txt')], ['Roles'])
    const response = await resolveDuplicates(api, member, [{ token: tokens[0]!, on_duplicate: 'keep' }])
    expect(response.status).toBe(403)
  })
})

describe('search over documents kept twice on purpose', () => {
  // Two pages' worth of distinct sentences: several chunks per copy.
  const SENTENCES = [
    'The waterfront marina business was valued at 6.5 times EBITDA by the buyer.',
    'The valuation reflects the long lease on the harbour frontage.',
    'Berth income from seasonal boat owners has grown for five years in a row.',
    'The fuel dock adds a steady margin in the summer months.',
    'The harbour master and four seasonal dock hands stay on after the sale under the same contracts.',
    'The buyer keeps the boat repair workshop open through the winter season.',
    'Marina customers were told of the sale in a letter from the founder.',
    'The buyer asked for a two-year non-compete from the founding family.',
    'Dredging of the harbour entrance is due in 2027 and is priced into the offer.',
    'The marina restaurant is leased to a tenant whose contract runs until 2029.',
    'Insurance of the pontoons moves to the buyer at completion.',
    'The buyer plans twenty more berths on the north side of the harbour.',
  ]
  const TEXT = Array.from({ length: 3 }, (_, round) =>
    SENTENCES.map((sentence) => `${sentence.replace(/\.$/, '')} (section ${round + 1}).`).join(' '),
  ).join('\n\n')

  it('lists each passage text once, and fills top_k with the next distinct passages', async () => {
    const created = await api.request('/organizations/', {
      method: 'POST',
      token: admin.access,
      json: { name: 'Twin Marina' },
    })
    const org = (await created.json()).slug as string
    const ids = []
    for (const title of ['Marina report', 'Marina report copy']) {
      const response = await upload(api, admin, { name: 'marina.txt', bytes: TEXT }, { title }, org)
      expect(response.status).toBe(201)
      ids.push((await response.json()).id as number)
    }
    const other = await upload(
      api,
      admin,
      { name: 'fuel.txt', bytes: 'Fuel dock pricing for the marina: diesel margins and berth fees.' },
      { title: 'Fuel dock' },
      org,
    )
    ids.push((await other.json()).id as number)
    await api.worker!.idle()
    for (const id of ids) {
      const document = inContract(
        DocumentSchema,
        await (await api.request(`/documents/${id}/`, { token: admin.access, org })).json(),
      )
      expect(document.processing_status).toBe('processed')
    }

    for (const mode of ['hybrid', 'lexical', 'vector']) {
      const response = await api.request('/search/', {
        method: 'POST',
        token: admin.access,
        org,
        json: { query: 'marina harbour buyer', top_k: 50, mode },
      })
      expect(response.status).toBe(200)
      const { results } = inContract(SearchResponseSchema, await response.json())
      const texts = results.map((result) => result.text.replace(/\s+/g, ' ').trim())
      expect(new Set(texts).size, mode).toBe(texts.length)
      expect(results.length, mode).toBeGreaterThan(1)
    }
    // Each copy's chunks rank side by side; the answer still holds top_k different passages.
    for (const mode of ['hybrid', 'lexical', 'vector']) {
      const response = await api.request('/search/', {
        method: 'POST',
        token: admin.access,
        org,
        json: { query: 'marina buyer harbour berth', top_k: 3, mode },
      })
      const { results } = inContract(SearchResponseSchema, await response.json())
      expect(results, mode).toHaveLength(3)
      expect(new Set(results.map((result) => result.text)).size, mode).toBe(3)
    }
  })
})
