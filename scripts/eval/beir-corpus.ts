import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { createApi } from '../../api/app'
import { createBackend } from '../../api/backend'
import { openDatabase } from '../../api/db/client'
import { loadApiConfig } from '../../api/kernel/config'
import { seedDemo } from '../../api/seed'
import { log } from '../../runtime/log'

export interface BeirQuery {
  _id: string
  text: string
  doc_id?: string
  answer?: unknown
  answer_type?: string
  /** TAT-QA's source of the answer: table, text or table-text. */
  answer_from?: string
  scale?: string
}

/** A passage of corpus.jsonl; TAT-QA's carry their report (`doc_id`) and whether they are a table or a paragraph. */
export interface BeirPassage {
  _id: string
  doc_id?: string
  text: string
  title?: string
  kind?: string
}

/** A BEIR folder: corpus.jsonl, queries.jsonl and the graded judgments of qrels/*.tsv. */
export function readBeir(directory: string) {
  const readJsonl = <T>(file: string) =>
    readFileSync(path.join(directory, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as T)
  const corpus = readJsonl<BeirPassage>('corpus.jsonl')
  const queries = readJsonl<BeirQuery>('queries.jsonl')
  const qrels = new Map<string, Map<string, number>>()
  for (const file of readdirSync(path.join(directory, 'qrels')).filter((name) => name.endsWith('.tsv'))) {
    for (const line of readFileSync(path.join(directory, 'qrels', file), 'utf8')
      .split('\n')
      .slice(1)) {
      const [query, passage, score] = line.split('\t')
      if (!query || !passage || !(Number(score) > 0)) continue
      if (!qrels.has(query)) qrels.set(query, new Map())
      qrels.get(query)!.set(passage, Number(score))
    }
  }
  return { corpus, queries, qrels, judged: queries.filter((query) => qrels.has(query._id)) }
}

export type Api = ReturnType<typeof createApi>

/**
 * The real backend on an in-memory database and a scratch folder, both gone after `close`, with an
 * admin signed in to a fresh organization. An evaluation's thousands of uploads never touch DATA_DIR;
 * the other settings (EMBEDDING_PROVIDER, ANSWER_PROVIDER…) apply as usual.
 */
export async function scratchBackend(label: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eval-'))
  console.log(
    `Uploads go to the scratch folder ${dataDir} and an in-memory database, both removed at the end` +
      (process.env.DATA_DIR ? ` (DATA_DIR=${process.env.DATA_DIR} is not used).` : '.'),
  )
  const config = loadApiConfig({
    ...process.env,
    DATA_DIR: dataDir,
    JWT_SECRET: 'eval-secret-that-is-long-enough-for-hs256',
    JOB_POLL_MS: '20',
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    // Every question of the corpus is asked as one user as fast as it is answered.
    CHAT_QUESTIONS_PER_MINUTE_PER_USER: '1000000',
    CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION: '1000000',
    // A generated sale file is read in an organization of its own: fifty a run.
    ORGANIZATIONS_PER_USER_PER_DAY: '1000000',
  })
  // A line per request would bury the tallies: warnings and errors only, unless LOG_LEVEL asks.
  if (!process.env.LOG_LEVEL) log.level = 'warn'
  const database = await openDatabase({})
  await database.migrate()
  await seedDemo(database.db, 'demo-password')
  const backend = await createBackend({ db: database.db, config, exclusiveDatabase: true })

  const send = (api: Api, url: string, init: RequestInit & { json?: unknown } = {}, token?: string) => {
    const headers = new Headers(init.headers)
    if (token) headers.set('Authorization', `Bearer ${token}`)
    if (init.json !== undefined) headers.set('Content-Type', 'application/json')
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body
    return Promise.resolve(
      api.fetch(new Request(`http://eval/api${url}`, { ...init, headers, body }), { clientAddress: '127.0.0.1' }),
    )
  }
  const call = async (api: Api, url: string, init: RequestInit & { json?: unknown } = {}, token?: string) => {
    const response = await send(api, url, init, token)
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`)
    return response.json()
  }
  const { access } = await call(backend.api, '/token/obtain/', {
    method: 'POST',
    json: { username: 'admin', password: 'demo-password' },
  })
  /** A fresh organization of the admin's: its calls, and its documents and readings only. */
  const organization = async (name: string) => {
    const { slug } = await call(backend.api, '/organizations/', { method: 'POST', json: { name } }, access)
    const withOrganization = (init: RequestInit & { json?: unknown }) => ({
      ...init,
      headers: { ...Object.fromEntries(new Headers(init.headers)), 'X-Organization': slug },
    })
    return {
      backend,
      /** A JSON call in the organization; throws on a non-2xx answer. */
      scoped: (api: Api, url: string, init: RequestInit & { json?: unknown } = {}) =>
        call(api, url, withOrganization(init), access),
      /** The raw response of a call in the organization (for streams). */
      raw: (api: Api, url: string, init: RequestInit & { json?: unknown } = {}) =>
        send(api, url, withOrganization(init), access),
    }
  }
  return {
    ...(await organization(label)),
    config,
    organization,
    async close() {
      await backend.stop()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Uploads every passage as one text document, through the real pipeline, and waits for processing:
 * each hit then maps back to its passage, and each report to its documents. A passage of a report
 * (TAT-QA's `doc_id`) is titled with its report, as the chunks of one uploaded report share its
 * title in the app: an answer reads a table's scale ("in thousands") from another retrieved
 * passage of its document, often a paragraph of its own. Titles are not searched.
 */
export async function ingestPassages(
  scratch: Awaited<ReturnType<typeof scratchBackend>>,
  corpus: ReturnType<typeof readBeir>['corpus'],
) {
  const started = performance.now()
  const passageOf = new Map<number, string>()
  const documentsOfReport = new Map<string, number[]>()
  for (const passage of corpus) {
    const body = new FormData()
    body.append('title', passage.doc_id ?? passage._id)
    body.append('file', new Blob([passage.title ? `${passage.title}\n${passage.text}` : passage.text]), 'passage.txt')
    const document = await scratch.scoped(scratch.backend.api, '/documents/', { method: 'POST', body })
    passageOf.set(document.id, passage._id)
    if (passage.doc_id)
      documentsOfReport.set(passage.doc_id, [...(documentsOfReport.get(passage.doc_id) ?? []), document.id])
  }
  await scratch.backend.worker!.idle()
  const statistics = await scratch.scoped(scratch.backend.api, '/documents/statistics/')
  console.log(
    `Ingested ${statistics.processed_documents}/${corpus.length} passages in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      ` (${statistics.failed_documents} failed); embeddings: ${scratch.backend.deps.embeddings.model}`,
  )
  return { passageOf, documentsOfReport }
}
