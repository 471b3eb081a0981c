import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { HNSW_MIN_CHUNKS, vectorCandidates } from '../../api/ai/retrieval/vector-search'
import { rowsOf } from '../../api/db/sql-values'
import { RelatedDocumentSchema, UploadSchema } from '../../api/documents/contract'
import { enqueueReindex } from '../../api/ingest/reindex-document-job'
import { SearchResponseSchema, type SearchResultPayload } from '../../api/search/contract'
import { inContract } from './support/contract'
import { demoAndHarbor, type Harness, type Session, startApi } from './support/harness'
import { corpusFile, processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const HARBOR_TEXT =
  'Harbor Capital confidential: the Lindqvist family will accept an earn-out of 14 million over three years ' +
  'if the marina business keeps its waterfront lease.'

let api: Harness
let admin: Session
let analyst: Session
let member: Session
let outsider: Session
let harbor: string
let harborDocument: number
const demoDocuments: Record<string, number> = {}

type Result = SearchResultPayload

async function search(session: Session, body: unknown, org?: string) {
  return api.request('/search/', { method: 'POST', token: session.access, org, json: body })
}

async function results(session: Session, body: Record<string, unknown>, org?: string): Promise<Result[]> {
  const response = await search(session, body, org)
  expect(response.status, await response.clone().text()).toBe(200)
  return inContract(SearchResponseSchema, await response.json()).results
}

/** Every organization's kept chunk count and length (migration 0037) beside a count of its chunks. */
async function expectStatisticsOfChunks() {
  const of = async (query: ReturnType<typeof sql>) =>
    rowsOf(await api.db.execute(query)).map((row) => `${row.organization_id}: ${row.chunks} chunks, ${row.terms} terms`)
  expect(
    await of(
      sql`select organization_id, chunks, terms from chunk_statistics where chunks > 0 order by organization_id`,
    ),
  ).toEqual(
    await of(sql`select organization_id, count(*) as chunks, sum(term_count) as terms
      from document_chunks group by organization_id order by organization_id`),
  )
}

async function uploadText(session: Session, name: string, text: string, org?: string) {
  const created = inContract(UploadSchema, await (await upload(api, session, { name, bytes: text }, {}, org)).json())
  expect((await processed(api, session, created.id)).processing_status).toBe('processed')
  return created.id
}

beforeAll(async () => {
  api = await startApi()
  ;({ admin, analyst, member, outsider, harbor } = await demoAndHarbor(api))
  harborDocument = await uploadText(outsider, 'Lindqvist earn-out.txt', HARBOR_TEXT, harbor)
  const texts: Record<string, string> = {
    customers:
      'Customer concentration: our three largest customers account for 62% of revenue. Losing any one of them would cut ' +
      'sales sharply, a risk every buyer will price into the offer.',
    lease: 'The factory lease in Dayton runs until 2031 with two five-year renewal options at market rent.',
    succession:
      'Succession plan: the founder hands over day-to-day management to the operations director over 18 months.',
    clients: 'Client dependency remains high: a few large clients generate most of the income of the firm.',
  }
  for (const [key, text] of Object.entries(texts))
    demoDocuments[key] = await uploadText(analyst, `${key}.txt`, text, DEMO)
})
afterAll(() => api.close())

describe('POST /api/search/', () => {
  it('finds the passage that answers a question asked in other words, with a 0..1 score', async () => {
    const found = await results(member, { query: 'What is the customer concentration risk?' }, DEMO)
    expect(found[0]).toMatchObject({
      document_id: demoDocuments.customers,
      document_title: 'customers',
      page_number: null,
      sheet_name: null,
    })
    expect(found[0]!.text).toContain('three largest customers')
    for (const result of found) {
      expect(result.score).toBeGreaterThan(0)
      expect(result.score).toBeLessThanOrEqual(1)
    }
    expect(found.map((result) => result.score)).toEqual([...found.map((result) => result.score)].sort((a, b) => b - a))
  })

  it('never returns a chunk of another organization, even for its text copied word for word', async () => {
    for (const mode of ['hybrid', 'lexical', 'vector']) {
      const fromDemo = await results(analyst, { query: HARBOR_TEXT, mode, top_k: 50 }, DEMO)
      expect(fromDemo.map((result) => result.document_id)).not.toContain(harborDocument)
      expect(JSON.stringify(fromDemo)).not.toContain('Lindqvist')
      // Nor by naming the other organization's documents.
      const filtered = await results(analyst, { query: HARBOR_TEXT, mode, document_ids: [harborDocument] }, DEMO)
      expect(filtered).toEqual([])
    }
    const fromHarbor = await results(outsider, { query: HARBOR_TEXT })
    expect(fromHarbor[0]).toMatchObject({ document_id: harborDocument, score: expect.any(Number) })
    expect(fromHarbor.every((result) => result.document_id === harborDocument)).toBe(true)
  })

  it('keeps each organization’s chunk count and length as documents are processed', async () => {
    await expectStatisticsOfChunks()
  })

  it('scores with the organization’s own statistics: another organization’s documents change nothing', async () => {
    const query = { query: 'factory lease renewal options', top_k: 10 }
    const before = await results(member, query, DEMO)
    for (let index = 0; index < 3; index++) {
      await uploadText(
        outsider,
        `lease-${index}.txt`,
        `Factory lease ${index}: renewal options on the factory lease, lease after lease.`,
        harbor,
      )
    }
    expect(await results(member, query, DEMO)).toEqual(before)
  })

  it('keeps to the organization through the HNSW index that large organizations use', async () => {
    const [vector] = await api.deps.embeddings.embed([HARBOR_TEXT], 'query')
    const demo = rowsOf(await api.db.execute(sql`select id from organizations where slug = ${DEMO}`))[0]!.id as number
    const options = { organizationId: demo, model: api.deps.embeddings.model, vector: vector!, limit: 50 }
    const exact = await vectorCandidates(api.db, { ...options, chunkCount: 0 })
    const throughIndex = await vectorCandidates(api.db, { ...options, chunkCount: HNSW_MIN_CHUNKS })
    const demoChunks = rowsOf(
      await api.db.execute(sql`select id from document_chunks where organization_id = ${demo}`),
    ).map((row) => row.id)
    // The other organization's copy is the nearest vector of all; iterative scan walks past it.
    expect(throughIndex.map((hit) => hit.id).sort()).toEqual(exact.map((hit) => hit.id).sort())
    expect(throughIndex.length).toBe(Math.min(50, demoChunks.length))
    expect(throughIndex.every((hit) => demoChunks.includes(hit.id))).toBe(true)
  })

  it('answers 404 to a caller who names an organization they do not belong to', async () => {
    const response = await search(analyst, { query: 'earn-out' }, harbor)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('Lindqvist')
  })

  it('lets every role of the organization search', async () => {
    for (const session of [admin, analyst, member]) {
      expect((await results(session, { query: 'factory lease Dayton' }, DEMO))[0]!.document_id).toBe(
        demoDocuments.lease,
      )
    }
  })

  it('returns 5 results by default and at most top_k', async () => {
    const ids = []
    for (let index = 0; index < 7; index++)
      ids.push(
        await uploadText(
          analyst,
          `forecast-${index}.txt`,
          `Revenue forecast ${index}: revenue grows every quarter.`,
          DEMO,
        ),
      )
    expect(await results(member, { query: 'revenue forecast' }, DEMO)).toHaveLength(5)
    expect(await results(member, { query: 'revenue forecast', top_k: 2 }, DEMO)).toHaveLength(2)
    expect((await results(member, { query: 'revenue forecast', top_k: 50 }, DEMO)).length).toBeGreaterThanOrEqual(7)
    for (const id of ids) await api.request(`/documents/${id}/`, { method: 'DELETE', token: analyst.access, org: DEMO })
  })

  it('refuses a top_k out of bounds or of the wrong type, with a message', async () => {
    const cases: Array<[unknown, string]> = [
      [0, 'Ensure this value is greater than or equal to 1.'],
      [51, 'Ensure this value is less than or equal to 50.'],
      [2.5, 'A whole number is required.'],
      ['5', 'A whole number is required.'],
      [null, 'A whole number is required.'],
    ]
    for (const [topK, message] of cases) {
      const response = await search(member, { query: 'revenue', top_k: topK }, DEMO)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ top_k: [message] })
    }
  })

  it('answers an empty or blank query with the spec message', async () => {
    for (const body of [{ query: '' }, { query: '   \n ' }, {}]) {
      const response = await search(member, body, DEMO)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ query: ['Please enter a search query'] })
    }
  })

  it('refuses malformed JSON, a query that is not text, and an unknown mode', async () => {
    const malformed = await api.request('/search/', {
      method: 'POST',
      token: member.access,
      org: DEMO,
      body: '{"query": "rev',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ detail: 'Malformed JSON in the request body.' })
    expect(await (await search(member, { query: 42 }, DEMO)).json()).toEqual({
      query: ['A search query must be text.'],
    })
    expect(await (await search(member, { query: 'x', mode: 'psychic' }, DEMO)).json()).toEqual({
      mode: ['Choose one of: hybrid, lexical, vector.'],
    })
  })

  it('needs a signed-in caller', async () => {
    const response = await api.request('/search/', { method: 'POST', json: { query: 'revenue' } })
    expect(response.status).toBe(401)
  })

  it('finds nothing for words that appear nowhere', async () => {
    expect(await results(member, { query: 'zzqx wvvy plorb' }, DEMO)).toEqual([])
  })

  it('brings the page number of a multi-page PDF to the result', async () => {
    const created = await (
      await upload(api, analyst, { name: 'tracemonkey.pdf', bytes: corpusFile('pdf/pdfjs__tracemonkey.pdf') }, {}, DEMO)
    ).json()
    expect((await processed(api, analyst, created.id)).processing_status).toBe('processed')
    for (const page of [3, 9]) {
      const text = (
        await (
          await api.request(`/documents/${created.id}/text/?page=${page}`, { token: analyst.access, org: DEMO })
        ).json()
      ).page.text as string
      // A sentence from the middle of the page, searched as a user would paste it.
      const sentence = text.split(/(?<=\.)\s+/).find((candidate) => candidate.split(' ').length > 12)!
      const [best] = await results(member, { query: sentence, document_ids: [created.id] }, DEMO)
      expect(best).toMatchObject({ document_id: created.id, page_number: page })
    }
  })

  it('names the sheet of a workbook result', async () => {
    const created = await (
      await upload(
        api,
        analyst,
        { name: 'types.xlsx', bytes: corpusFile('xlsx/sheetjs__text_and_numbers.xlsx') },
        {},
        DEMO,
      )
    ).json()
    expect((await processed(api, analyst, created.id)).processing_status).toBe('processed')
    const page = (
      await (await api.request(`/documents/${created.id}/text/?page=1`, { token: analyst.access, org: DEMO })).json()
    ).page
    const [best] = await results(
      member,
      { query: page.text.split('\n').slice(1, 3).join(' '), document_ids: [created.id], mode: 'lexical' },
      DEMO,
    )
    expect(best).toMatchObject({ document_id: created.id, page_number: null, sheet_name: page.label })
  })

  it('stops returning a document once it is deleted', async () => {
    const id = await uploadText(
      analyst,
      'temporary.txt',
      'Quarantined inventory of obsolete widgets in the Toledo warehouse.',
      DEMO,
    )
    expect((await results(member, { query: 'obsolete widgets Toledo' }, DEMO))[0]!.document_id).toBe(id)
    await api.request(`/documents/${id}/`, { method: 'DELETE', token: analyst.access, org: DEMO })
    expect(
      (await results(member, { query: 'obsolete widgets Toledo' }, DEMO)).map((result) => result.document_id),
    ).not.toContain(id)
    const [row] = rowsOf(
      await api.db.execute(sql`select count(*)::int as postings from chunk_terms where term = 'toledo'`),
    )
    expect(row!.postings).toBe(0)
    await expectStatisticsOfChunks()
  })
})

describe('related documents', () => {
  it('lists the documents of the organization closest in meaning, never another organization’s', async () => {
    const response = await api.request(`/documents/${demoDocuments.customers}/related/`, {
      token: member.access,
      org: DEMO,
    })
    expect(response.status).toBe(200)
    const related = inContract(z.array(RelatedDocumentSchema), await response.json())
    expect(related[0]!.document_id).toBe(demoDocuments.clients)
    expect(related.map((item) => item.document_id)).not.toContain(harborDocument)
    expect(related.map((item) => item.document_id)).not.toContain(demoDocuments.customers)
    for (const item of related) expect(item.score).toBeGreaterThan(0)
  })

  it('answers 404 for another organization’s document', async () => {
    expect(
      (await api.request(`/documents/${harborDocument}/related/`, { token: member.access, org: DEMO })).status,
    ).toBe(404)
  })
})

describe('reindex', () => {
  it('re-embeds chunks made by another model and rebuilds postings, keeping search working', async () => {
    await api.db.execute(
      sql`update document_chunks set embedding_model = 'some-older-model' where document_id = ${demoDocuments.clients}`,
    )
    await api.db.execute(
      sql`delete from chunk_terms where chunk_id in (select id from document_chunks where document_id = ${demoDocuments.clients})`,
    )
    const query = { query: 'client dependency income', mode: 'hybrid', top_k: 10 }
    const scored = await results(member, query, DEMO)
    expect(scored.length).toBeGreaterThan(1)
    // Chunks indexed before terms were stored are ranked from their text, with the same scores.
    await api.db.execute(
      sql`update document_chunks set terms = null where organization_id = (select organization_id from documents where id = ${demoDocuments.clients})`,
    )
    expect(await results(member, query, DEMO)).toEqual(scored)
    // Vectors of another model are never compared with the query's.
    const before = await results(member, { query: 'client dependency income', mode: 'vector', top_k: 50 }, DEMO)
    expect(before.map((result) => result.document_id)).not.toContain(demoDocuments.clients)

    // Lengths the re-index rewrites, as an index made by another analyser would leave them.
    await api.db.execute(sql`update document_chunks set term_count = 0 where document_id = ${demoDocuments.clients}`)
    const queued = await enqueueReindex(api.deps, { organizations: [DEMO] })
    expect(queued).toBeGreaterThanOrEqual(5)
    await api.worker!.idle()
    const rows = rowsOf(
      await api.db.execute(
        sql`select distinct embedding_model from document_chunks where document_id = ${demoDocuments.clients}`,
      ),
    )
    expect(rows).toEqual([{ embedding_model: api.deps.embeddings.model }])
    const unanalysed = rowsOf(
      await api.db.execute(sql`select count(*)::int as n from document_chunks
        where organization_id = (select organization_id from documents where id = ${demoDocuments.clients}) and terms is null`),
    )
    expect(unanalysed).toEqual([{ n: 0 }])
    await expectStatisticsOfChunks()
    expect((await results(member, { query: 'client dependency income', mode: 'lexical' }, DEMO))[0]!.document_id).toBe(
      demoDocuments.clients,
    )
    expect((await results(member, { query: 'client dependency income', mode: 'vector' }, DEMO))[0]!.document_id).toBe(
      demoDocuments.clients,
    )
  })

  it('refuses an unknown organization slug and queues nothing', async () => {
    await expect(enqueueReindex(api.deps, { organizations: ['no-such-org'] })).rejects.toThrow(
      'No organization with the slug "no-such-org".',
    )
  })
})

describe('copies of a passage', () => {
  it('are listed once, and passages further down the ranking take their places', async () => {
    const copy = (index: number) =>
      `Escrow holdback release schedule:${' '.repeat(index + 1)}twelve months after closing.`
    for (let index = 0; index < 8; index++) await uploadText(outsider, `escrow-${index}.txt`, copy(index), harbor)
    const other = await uploadText(outsider, 'escrow-other.txt', 'The escrow holdback is released in full.', harbor)
    const found = await results(outsider, { query: 'escrow holdback release schedule', mode: 'lexical', top_k: 2 })
    expect(found).toHaveLength(2)
    expect(found[0]!.text).toContain('twelve months after closing')
    expect(found[1]!.document_id).toBe(other)
  })
})

describe('repeated searches', () => {
  const generation = async (slug: string) => {
    const [row] = rowsOf(await api.db.execute(sql`select search_generation from organizations where slug = ${slug}`))
    return Number(row!.search_generation)
  }
  const editDocument = async (id: number, json: Record<string, string>) => {
    const response = await api.request(`/documents/${id}/`, { method: 'PATCH', token: analyst.access, org: DEMO, json })
    expect(response.status).toBe(200)
  }

  it('answer from the process’s cache, ranked once, while the organization’s documents stay as they are', async () => {
    const query = { query: 'succession of day-to-day management' }
    const embed = api.deps.embeddings.embed.bind(api.deps.embeddings)
    let embedded = 0
    api.deps.embeddings.embed = (texts, kind) => {
      embedded++
      return embed(texts, kind)
    }
    try {
      const first = await results(member, query, DEMO)
      expect(embedded).toBe(1)
      expect(await results(admin, query, DEMO)).toEqual(first)
      expect(embedded).toBe(1)
      // Another organization, the same words: its own ranking, never the cached one.
      const elsewhere = await results(outsider, query, harbor)
      expect(embedded).toBe(2)
      expect(elsewhere.map((result) => result.document_id)).not.toContain(demoDocuments.succession)
      // Other options are another search.
      await results(member, { ...query, top_k: 2 }, DEMO)
      expect(embedded).toBe(3)
    } finally {
      api.deps.embeddings.embed = embed
    }
  })

  it('show a document’s new title, and a new document, as soon as they are saved', async () => {
    const query = { query: 'factory lease renewal options' }
    expect((await results(member, query, DEMO))[0]!.document_title).toBe('lease')
    const before = await generation(DEMO)
    await editDocument(demoDocuments.lease!, { title: 'Dayton factory lease' })
    expect(await generation(DEMO)).toBeGreaterThan(before)
    expect((await results(member, query, DEMO))[0]!.document_title).toBe('Dayton factory lease')

    const added = await uploadText(
      analyst,
      'warehouse lease.txt',
      'The warehouse lease renewal options: factory lease renewal options match the warehouse terms.',
      DEMO,
    )
    expect((await results(member, query, DEMO)).map((result) => result.document_id)).toContain(added)
  })

  it('are kept when a document changes in ways search does not read, and never for another organization', async () => {
    const [demo, other] = [await generation(DEMO), await generation(harbor)]
    await editDocument(demoDocuments.customers!, { description: 'Who buys from us' })
    expect(await generation(DEMO)).toBe(demo)
    await uploadText(analyst, 'another.txt', 'A note on inventory turnover in the second quarter.', DEMO)
    expect(await generation(DEMO)).toBeGreaterThan(demo)
    expect(await generation(harbor)).toBe(other)
  })
})

describe('the relevance floor', () => {
  it('marks every result weak for a topic no document covers, keeping the closest passages in order', async () => {
    const afterTax = await uploadText(
      outsider,
      'profit after tax.txt',
      'Profit after tax rose to 2.1 million in 2024, helped by lower interest on the marina loan.',
      harbor,
    )
    const found = await results(outsider, { query: 'tax asset sale' })
    expect(found.length).toBeGreaterThan(0)
    expect(found[0]!.document_id).toBe(afterTax)
    expect(found.every((result) => result.weak)).toBe(true)
    expect(found.map((result) => result.score)).toEqual([...found.map((result) => result.score)].sort((a, b) => b - a))
  })

  it('keeps a covered question’s match first, above the floor', async () => {
    const covering = await uploadText(
      outsider,
      'asset sale tax.txt',
      'In an asset sale the seller pays tax on the gain on each asset sold; a share sale is taxed once.',
      harbor,
    )
    const [first, ...rest] = await results(outsider, { query: 'tax asset sale' })
    expect(first).toMatchObject({ document_id: covering, weak: false })
    // The passage that shares only "tax" stays below the floor beside it.
    expect(rest.find((result) => result.text.startsWith('Profit after tax'))).toMatchObject({ weak: true })
    const [lease] = await results(member, { query: 'When does the Dayton factory lease end?' }, DEMO)
    expect(lease).toMatchObject({ document_id: demoDocuments.lease, weak: false })
  })
})
