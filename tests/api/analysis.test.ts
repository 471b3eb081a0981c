import { readFileSync } from 'node:fs'
import path from 'node:path'

import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { type AnalysisPayload, AnalysisSchema } from '../../api/analysis/contract'
import { analysisResults, documentChunks, organizations } from '../../api/db/schema'
import { ANALYSIS_TYPES, type AnalysisType, type Source } from '../../shared/analysis'
import { ANALYSIS_FIXTURES } from '../unit/support/analysis-fixtures'
import { renderedMarkdown, seenText, withoutAddressLinks } from '../unit/support/rendered-markdown'
import { type Reply, startChatCompletionServer } from './support/chat-completion-server'
import { inContract } from './support/contract'
import { demoAndHarbor, type Harness, type Session, startApi, type TwoOrganizations } from './support/harness'
import { type CapturedLogs, captureLogs } from './support/logs'
import { corpusFile, form, processed, upload } from './support/uploads'

const DEMO = 'demo-advisory-group'
const fixture = (name: string) => readFileSync(path.join(ANALYSIS_FIXTURES, name), 'utf8')

/** Uploads a fixture to the demo organization and waits until it is processed. */
async function uploadFixture(api: Harness, session: Session, name: string, title?: string) {
  const response = await upload(api, session, { name, bytes: fixture(name) }, title ? { title } : {}, DEMO)
  expect(response.status, await response.clone().text()).toBe(201)
  const { id } = (await response.json()) as { id: number }
  expect(await processed(api, session, id)).toMatchObject({ processing_status: 'processed' })
  return id
}

const analyse = (api: Harness, session: Session, body: unknown, org = DEMO) =>
  api.request('/analysis/', { method: 'POST', token: session.access, org, json: body })

/** An analysis answered, checked to be exactly what the contract declares (decision 074). */
async function analysed<T extends AnalysisType>(
  api: Harness,
  session: Session,
  request: { document_id: number; type: T },
  org = DEMO,
) {
  const response = await analyse(api, session, request, org)
  expect(response.status, await response.clone().text()).toBe(200)
  return inContract(AnalysisSchema, await response.json()) as Extract<AnalysisPayload, { type: T }>
}

/** The chunks of a document's current version, as stored. */
async function chunksOf(api: Harness, documentId: number) {
  return api.db
    .select({
      id: documentChunks.id,
      text: documentChunks.text,
      pageNumber: documentChunks.pageNumber,
      sheetName: documentChunks.sheetName,
      versionId: documentChunks.versionId,
    })
    .from(documentChunks)
    .where(eq(documentChunks.documentId, documentId))
}

/** Every source names a chunk of this document, with its page and sheet, and quotes words it holds. */
async function expectSourcesIn(api: Harness, documentId: number, sources: Array<Source | null>) {
  const chunks = await chunksOf(api, documentId)
  expect(sources.length).toBeGreaterThan(0)
  for (const source of sources) {
    const chunk = chunks.find((candidate) => candidate.id === source?.chunk_id)
    expect(chunk, `chunk ${source?.chunk_id} of document ${documentId}`).toBeDefined()
    expect(source).toMatchObject({ page_number: chunk!.pageNumber, sheet_name: chunk!.sheetName })
    expect(chunk!.text.replace(/\s+/g, ' ')).toContain(source!.quote)
  }
}

const HEADER = {
  document_id: expect.any(Number),
  document_title: expect.any(String),
  version_id: expect.any(Number),
  generated_by: 'offline',
  created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  cached: false,
}

describe('document analysis, offline', () => {
  let api: Harness
  let people: TwoOrganizations
  let valuation: number
  let memo: number

  beforeAll(async () => {
    api = await startApi()
    people = await demoAndHarbor(api)
    valuation = await uploadFixture(api, people.analyst, 'valuation-report.txt', 'Harbor valuation report')
    memo = await uploadFixture(api, people.admin, 'succession-memo.txt')
  }, 60_000)
  afterAll(() => api.close())

  it('answers a summary that keeps the key figures, each sentence with its source', async () => {
    const body = await analysed(api, people.analyst, { document_id: valuation, type: 'summary' })
    expect(Object.keys(body).sort()).toEqual([...Object.keys(HEADER), 'type', 'title', 'content', 'sentences'].sort())
    expect(body).toMatchObject({
      ...HEADER,
      document_id: valuation,
      document_title: 'Harbor valuation report',
      type: 'summary',
      title: 'Document Summary',
    })
    expect(body.content).toContain('£18.4 million')
    expect(body.content).toContain('38%')
    expect(body.content).toBe(body.sentences.map((sentence) => sentence.text).join(' '))
    const [chunk] = await chunksOf(api, valuation)
    expect(body.version_id).toBe(chunk!.versionId)
    await expectSourcesIn(
      api,
      valuation,
      body.sentences.map((sentence) => sentence.source),
    )
  })

  it('answers key findings with the stated revenue and margin', async () => {
    const body = await analysed(api, people.analyst, { document_id: valuation, type: 'key-findings' })
    expect(Object.keys(body).sort()).toEqual([...Object.keys(HEADER), 'type', 'title', 'findings'].sort())
    expect(body).toMatchObject({ ...HEADER, type: 'key-findings', title: 'Key Findings' })
    const texts = body.findings.map((finding) => finding.text)
    expect(texts).toContain('EBITDA was £3.3 million, an EBITDA margin of 17.9%.')
    expect(texts.some((text) => text.includes('revenue of £18.4 million'))).toBe(true)
    await expectSourcesIn(
      api,
      valuation,
      body.findings.map((finding) => finding.source),
    )
  })

  it('answers risks with category, level, description and the sentence that shows each', async () => {
    const body = await analysed(api, people.admin, { document_id: valuation, type: 'risks' })
    expect(Object.keys(body).sort()).toEqual([...Object.keys(HEADER), 'type', 'title', 'risks'].sort())
    expect(body).toMatchObject({ ...HEADER, type: 'risks', title: 'Risk Assessment' })
    for (const risk of body.risks) {
      expect(Object.keys(risk).sort()).toEqual(['category', 'description', 'evidence', 'level', 'source'])
      expect(['High', 'Medium', 'Low']).toContain(risk.level)
      expect(risk.source.quote).toBe(risk.evidence)
    }
    expect(body.risks).toContainEqual(
      expect.objectContaining({
        category: 'Customer concentration',
        level: 'High',
        evidence: expect.stringContaining('Solent Marine Group, accounted for 38% of 2024 revenue'),
      }),
    )
    expect(body.risks).toContainEqual(expect.objectContaining({ category: 'Key-person dependence', level: 'High' }))
    await expectSourcesIn(
      api,
      valuation,
      body.risks.map((risk) => risk.source),
    )
  })

  it('answers recommendations that name the risks they address', async () => {
    const body = await analysed(api, people.analyst, { document_id: memo, type: 'recommendations' })
    expect(Object.keys(body).sort()).toEqual([...Object.keys(HEADER), 'type', 'title', 'recommendations'].sort())
    expect(body).toMatchObject({ ...HEADER, document_id: memo, type: 'recommendations', title: 'Recommendations' })
    const addressed = body.recommendations.flatMap((item) => item.addresses)
    expect(addressed).toEqual(expect.arrayContaining(['Succession', 'Legal and contractual', 'Key-person dependence']))
    await expectSourcesIn(
      api,
      memo,
      body.recommendations.map((item) => item.source),
    )
  })

  it('answers the stored result to the same request, and recomputes for a new version', async () => {
    const first = await analysed(api, people.analyst, { document_id: memo, type: 'risks' })
    expect(first.cached).toBe(false)
    const again = await analysed(api, people.admin, { document_id: memo, type: 'risks' })
    expect(again).toEqual({ ...first, cached: true })

    const next = await api.request(`/documents/${memo}/versions/`, {
      method: 'POST',
      token: people.analyst.access,
      org: DEMO,
      body: form({ file: { name: 'succession-memo.txt', bytes: fixture('office-move-notice.txt') } }),
    })
    expect(next.status).toBe(201)
    await processed(api, people.analyst, memo)
    const fresh = await analysed(api, people.analyst, { document_id: memo, type: 'risks' })
    expect(fresh).toMatchObject({ cached: false, risks: [] })
    expect(fresh.version_id).not.toBe(first.version_id)
    expect((await chunksOf(api, memo)).every((chunk) => chunk.versionId === fresh.version_id)).toBe(true)
  })

  it('keeps each result with the organization of its document', async () => {
    const body = await analysed(api, people.analyst, { document_id: valuation, type: 'summary' })
    const rows = await api.db
      .select({ organizationId: analysisResults.organizationId, generatedBy: analysisResults.generatedBy })
      .from(analysisResults)
      .where(and(eq(analysisResults.documentVersionId, body.version_id), eq(analysisResults.type, 'summary')))
    const [demo] = await api.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, DEMO))
    expect(rows).toEqual([{ organizationId: demo!.id, generatedBy: 'offline' }])
  })

  it('reads a customer list’s rows, citing the row of the largest customer', async () => {
    const id = await uploadFixture(api, people.analyst, 'customer-list.csv')
    const body = await analysed(api, people.analyst, { document_id: id, type: 'risks' })
    expect(body.risks[0]).toMatchObject({
      category: 'Customer concentration',
      level: 'High',
      description: 'Solent Marine Group accounts for 38% of revenue (High: 25% or more from one customer).',
      evidence: 'Solent Marine Group | Marine | 2009 | 6992000 | 38.0%',
    })
    await expectSourcesIn(
      api,
      id,
      body.risks.map((risk) => risk.source),
    )
  })

  it('refuses members with 403, before reading the request', async () => {
    for (const body of [{ document_id: valuation, type: 'summary' }, { nonsense: true }]) {
      const response = await analyse(api, people.member, body)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ detail: 'You do not have permission to perform this action.' })
    }
    const exported = await api.request(`/analysis/export/?document_id=${valuation}&type=summary`, {
      token: people.member.access,
      org: DEMO,
    })
    expect(exported.status).toBe(403)
  })

  it('answers 404 for another organization’s document and for one that does not exist', async () => {
    const outsider = await analyse(api, people.outsider, { document_id: valuation, type: 'summary' }, people.harbor)
    expect(outsider.status).toBe(404)
    expect(await outsider.json()).toEqual({ detail: 'Document not found.' })
    const unknown = await analyse(api, people.analyst, { document_id: 999_999, type: 'summary' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ detail: 'Document not found.' })
    const exported = await api.request(`/analysis/export/?document_id=${valuation}&type=risks`, {
      token: people.outsider.access,
      org: people.harbor,
    })
    expect(exported.status).toBe(404)
  })

  it('refuses a document that failed processing with 409, saying why', async () => {
    const response = await upload(api, people.analyst, { name: 'scan.pdf', bytes: corpusFile('pdf/pdfjs__empty.pdf') })
    const { id } = (await response.json()) as { id: number }
    expect(await processed(api, people.analyst, id)).toMatchObject({ processing_status: 'failed' })
    const refused = await analyse(api, people.analyst, { document_id: id, type: 'summary' })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ detail: 'Only processed documents can be analysed: this one is failed.' })
  })

  it('answers 400 with field errors for malformed bodies and unknown types', async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { document_id: ['This field is required.'], type: ['This field is required.'] }],
      [
        { document_id: valuation, type: 'swot' },
        { type: ['Choose one of: summary, key-findings, risks, recommendations.'] },
      ],
      [{ document_id: String(valuation), type: 'summary' }, { document_id: ['A valid document id is required.'] }],
      [{ document_id: 1.5, type: 'summary' }, { document_id: ['A valid document id is required.'] }],
      [{ document_id: 1e20, type: 'summary' }, { document_id: ['A valid document id is required.'] }],
      [
        { document_id: valuation, type: ['risks'] },
        { type: ['Choose one of: summary, key-findings, risks, recommendations.'] },
      ],
      [{ document_id: valuation, type: 'risks', depth: 2 }, { depth: ['Unknown field.'] }],
    ]
    for (const [body, errors] of cases) {
      const response = await analyse(api, people.analyst, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(await response.json()).toEqual(errors)
    }
    const notJson = await api.request('/analysis/', {
      method: 'POST',
      token: people.analyst.access,
      org: DEMO,
      headers: { 'content-type': 'application/json' },
      body: '{"document_id": ',
    })
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toEqual({ detail: 'Malformed JSON in the request body.' })
    const badQuery = await api.request('/analysis/export/?document_id=abc&type=swot', {
      token: people.analyst.access,
      org: DEMO,
    })
    expect(badQuery.status).toBe(400)
    expect(await badQuery.json()).toEqual({
      document_id: ['A valid document id is required.'],
      type: ['Choose one of: summary, key-findings, risks, recommendations.'],
    })
  })

  it('exports each type as a Markdown file listing its sources', async () => {
    for (const type of ANALYSIS_TYPES) {
      const response = await api.request(`/analysis/export/?document_id=${valuation}&type=${type}`, {
        token: people.analyst.access,
        org: DEMO,
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
      const title = {
        summary: 'Document Summary',
        'key-findings': 'Key Findings',
        risks: 'Risk Assessment',
        recommendations: 'Recommendations',
      }[type]
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="Harbor valuation report - ${title}.md"; filename*=UTF-8''${encodeURIComponent(`Harbor valuation report - ${title}.md`)}`,
      )
      const markdown = await response.text()
      expect(markdown.startsWith(`# ${title}: Harbor valuation report\n`)).toBe(true)
      expect(markdown).toContain('\n## Sources\n')
      expect(markdown).toMatch(/\n1\. Document text: “[^”]+”\n/)
    }
    const risks = await (
      await api.request(`/analysis/export/?document_id=${valuation}&type=risks`, {
        token: people.analyst.access,
        org: DEMO,
      })
    ).text()
    expect(risks).toContain('| Category | Risk Level | Description |')
    expect(risks).toMatch(
      /\| Customer concentration \| High \| Solent Marine Group accounts for 38% of revenue .* \[\d+\] \|/,
    )
    expect(risks).toContain(
      ': “The largest, Solent Marine Group, accounted for 38% of 2024 revenue under a supply agreement that runs until June 2026.”',
    )
  })
})

describe('the Markdown export of a document that carries markup', () => {
  // What an uploaded file can hold: a script, an image that runs script when it fails to load, a
  // link to a script and an image on another site, each in a sentence the analysis quotes.
  const HOSTILE = [
    'Harbor Marine board pack for the 2024 sale process.',
    "Revenue grew 12% to £20.1 million in 2024 <script>alert('revenue')</script> on new naval contracts.",
    'EBITDA was £3.6 million <img src=x onerror="alert(1)"> for an EBITDA margin of 17.9% in 2024.',
    'The chart ![t](https://evil.example.com/pixel.png?c=revenue) shows net debt of £4.2 million at the end of 2024.',
    'The [data room](javascript:alert(document.cookie)) holds the £1.1 million capital expenditure plan for 2025.',
  ].join('\n')
  let api: Harness
  let people: TwoOrganizations
  let board: number

  beforeAll(async () => {
    api = await startApi()
    people = await demoAndHarbor(api)
    const response = await upload(
      api,
      people.analyst,
      { name: 'board-pack.txt', bytes: HOSTILE },
      { title: 'Board <b>pack</b> ![x](https://evil.example.com/t.png)' },
      DEMO,
    )
    board = ((await response.json()) as { id: number }).id
    expect(await processed(api, people.analyst, board)).toMatchObject({ processing_status: 'processed' })
  }, 60_000)
  afterAll(() => api.close())

  it('writes the document’s words as literal text: no raw HTML, script link or image', async () => {
    for (const type of ['summary', 'key-findings'] as const) {
      await analysed(api, people.analyst, { document_id: board, type })
      const markdown = await (
        await api.request(`/analysis/export/?document_id=${board}&type=${type}`, {
          token: people.analyst.access,
          org: DEMO,
        })
      ).text()
      // The hostile sentences are there, as text.
      expect(markdown).toContain("&lt;script&gt;alert('revenue')&lt;/script&gt;")
      expect(markdown).toContain('&lt;img src=x onerror="alert(1)"&gt;')
      expect(markdown).not.toMatch(/<script|<img|<b>|javascript:|!\[|(?<!\\)\]\(/i)
      // Rendered, it makes no element of them (a bare address may become a link showing itself): a
      // reader sees the words as the document has them.
      const html = renderedMarkdown(markdown)
      expect(withoutAddressLinks(html)).not.toMatch(/<(script|img|a|b)[\s>]/i)
      const seen = seenText(html)
      expect(seen).toContain('Board <b>pack</b> ![x](https://evil.example.com/t.png)')
      expect(seen).toContain('The chart ![t](https://evil.example.com/pixel.png?c=revenue) shows net debt')
      expect(seen).toContain('The [data room](javascript:alert(document.cookie)) holds')
      expect(seen).toContain('EBITDA was £3.6 million <img src=x onerror="alert(1)"> for an EBITDA margin')
    }
  })
})

describe('a document waiting to be processed', () => {
  it('is refused with 409 naming its status', async () => {
    const api = await startApi({ JOB_WORKER: 'false' })
    try {
      const { admin } = await demoAndHarbor(api)
      const { id } = (await (
        await upload(api, admin, { name: 'valuation-report.txt', bytes: fixture('valuation-report.txt') })
      ).json()) as { id: number }
      const refused = await analyse(api, admin, { document_id: id, type: 'risks' })
      expect(refused.status).toBe(409)
      expect(await refused.json()).toEqual({ detail: 'Only processed documents can be analysed: this one is pending.' })
    } finally {
      await api.close()
    }
  })
})

/** What the test server answers: a completion with this content, or an HTTP error. */
describe('document analysis by a language model (ANSWER_PROVIDER=openai)', () => {
  let api: Harness
  let people: TwoOrganizations
  let llm: Awaited<ReturnType<typeof startChatCompletionServer>>
  let valuation: number
  let logs: CapturedLogs

  beforeAll(async () => {
    llm = await startChatCompletionServer()
    api = await startApi({ ANSWER_PROVIDER: 'openai', LLM_MODEL: 'test-model', LLM_BASE_URL: llm.baseUrl })
    people = await demoAndHarbor(api)
    valuation = await uploadFixture(api, people.analyst, 'valuation-report.txt')
  }, 60_000)
  afterAll(async () => {
    await api.close()
    await llm.close()
  })
  beforeEach(() => {
    logs = captureLogs('warn')
  })
  afterEach(() => logs.stop())

  const logged = () => logs.messages('[analysis]')
  /** The numbered passages the model was given, by number, from the last request. */
  const passages = () => {
    const user = llm.requests.at(-1)!.messages.find((message) => message.role === 'user')!.content
    return [...user.matchAll(/^\[(\d+)\]/gm)].map((match) => Number(match[1]))
  }

  it('answers the model’s risks, each source the chunk it cited, and keeps them', async () => {
    const evidence = 'The largest, Solent Marine Group, accounted for 38% of 2024 revenue'
    llm.answer(() => ({
      content: JSON.stringify({
        risks: [
          {
            category: 'Customer concentration',
            level: 'High',
            description: 'One customer brings 38% of revenue.',
            evidence,
            chunk: 2,
          },
          {
            category: 'Key-person dependence',
            level: 'High',
            description: 'The founder alone holds the key relationships.',
            evidence: 'the founder holds the relationships',
            chunk: 2,
          },
        ],
      }),
    }))
    const body = await analysed(api, people.analyst, { document_id: valuation, type: 'risks' })
    expect(body).toMatchObject({ generated_by: 'llm', cached: false, title: 'Risk Assessment' })
    const request = llm.requests.at(-1)!
    expect(request).toMatchObject({ model: 'test-model', temperature: 0, response_format: { type: 'json_object' } })
    expect(request.messages[0]!.content).toContain('Risk Assessment')
    expect(passages()).toEqual([1, 2])
    const chunks = await chunksOf(api, valuation)
    expect(body.risks[0]).toMatchObject({
      category: 'Customer concentration',
      level: 'High',
      description: 'One customer brings 38% of revenue.',
      evidence,
      source: { chunk_id: chunks[1]!.id, page_number: null, sheet_name: null, quote: evidence },
    })
    // Evidence not copied word for word is replaced by the cited chunk's sentence closest to it.
    expect(body.risks[1].evidence).toBe(
      "The founder, Margaret Ellis, is the only person who holds the key customer relationships; no account manager has met Solent Marine's purchasing director.",
    )
    await expectSourcesIn(
      api,
      valuation,
      body.risks.map((risk) => risk.source),
    )

    const calls = llm.requests.length
    const again = await analysed(api, people.admin, { document_id: valuation, type: 'risks' })
    expect(again).toEqual({ ...body, cached: true })
    expect(llm.requests).toHaveLength(calls)
    expect(logged()).toEqual([])
  })

  it('answers the offline analysis when the model cites a passage it was not given, and asks again later', async () => {
    llm.answer(() => ({
      content: JSON.stringify({ findings: [{ text: 'Revenue was £18.4 million.', chunk: 7, quote: 'revenue' }] }),
    }))
    const fallback = await analysed(api, people.analyst, { document_id: valuation, type: 'key-findings' })
    expect(fallback).toMatchObject({ generated_by: 'offline', cached: false })
    expect(fallback.findings.map((finding) => finding.text)).toContain(
      'EBITDA was £3.3 million, an EBITDA margin of 17.9%.',
    )
    expect(logged()).toEqual([
      expect.stringMatching(
        /^\[analysis\] key-findings from http:\/\/127\.0\.0\.1:\d+\/v1 \(model test-model\) not used, offline analysis answered: cited passage 7, which was not given \(1 to 2\)$/,
      ),
    ])

    llm.answer(() => ({
      content: JSON.stringify({
        findings: [
          { text: 'EBITDA was £3.3 million.', chunk: 1, quote: 'EBITDA was £3.3 million, an EBITDA margin of 17.9%.' },
        ],
      }),
    }))
    const written = await analysed(api, people.analyst, { document_id: valuation, type: 'key-findings' })
    expect(written).toMatchObject({
      generated_by: 'llm',
      cached: false,
      findings: [
        {
          text: 'EBITDA was £3.3 million.',
          source: expect.objectContaining({ quote: 'EBITDA was £3.3 million, an EBITDA margin of 17.9%.' }),
        },
      ],
    })
  })

  it.each([
    ['a wrong shape', { content: JSON.stringify({ summary: 'A fine business.' }) }, /wrong shape: sentences Required/],
    [
      'a passage number that is not a number',
      { content: JSON.stringify({ sentences: [{ text: 'x', chunk: 'one' }] }) },
      /wrong shape: sentences\.0\.chunk is not a chunk number/,
    ],
    ['text that is not JSON', { content: 'Here is the summary you asked for.' }, /not JSON/],
    ['an HTTP error', { status: 500, message: 'model crashed' }, /answered HTTP 500: model crashed/],
  ] satisfies Array<[string, Reply, RegExp]>)(
    'answers the offline summary when the model sends %s',
    async (_what, reply, reason) => {
      llm.answer(() => reply)
      const body = await analysed(api, people.analyst, { document_id: valuation, type: 'summary' })
      expect(body).toMatchObject({ generated_by: 'offline', type: 'summary' })
      expect(body.content).toContain('£18.4 million')
      expect(logged()).toEqual([expect.stringMatching(reason)])
    },
  )
})
