import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { sql } from 'drizzle-orm'

import { vacuumSearchTables } from '../../api/ai/retrieval/maintenance'
import { createPostingsCache } from '../../api/ai/retrieval/postings-cache'
import { vectorCandidates } from '../../api/ai/retrieval/vector-search'
import { createBackend } from '../../api/backend'
import { openDatabase } from '../../api/db/client'
import { rowsOf } from '../../api/db/sql-values'
import { loadApiConfig } from '../../api/kernel/config'
import { createSearchResultCache } from '../../api/search/result-cache'
import { seedDemo } from '../../api/seed'
import { percentile } from '../eval/metrics'

const DEV_SET = path.resolve('../shared/corpus/retrieval-dev')

/** A seeded generator, so every run ingests the same corpus. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Documents made of sentences and table rows of real annual reports (the retrieval dev set), shuffled
 * with new figures, so term statistics look like an advisory data room's. ~55 chunks each.
 */
function documentFactory(seed: number) {
  const next = random(seed)
  const sentences = readFileSync(path.join(DEV_SET, 'corpus.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => (JSON.parse(line) as { text: string }).text.split(/(?<=[.!?])\s+|\n/))
    .filter((sentence) => sentence.trim().length > 20)
  return () => {
    let text = ''
    while (text.length < 55_000) {
      const sentence = sentences[Math.floor(next() * sentences.length)]!
      text += `${sentence.replace(/\d+(?:[.,]\d+)*/g, () => String(Math.round(next() * 100_000) / 10))} `
      if (next() < 0.15) text += '\n\n'
    }
    return text
  }
}

export interface SearchBenchmark {
  embedder: {
    buildMs: number
    buildRssMb: number
    loadMs: number
    heapMb: number
    arrayBuffersMb: number
    rssMb: number
    words: number
    perChunkMs: number
  }
  organizations: Array<{
    label: string
    chunks: number
    ingestSeconds: number
    hybrid: { p50: number; p95: number }
    /** The same questions again once the process holds their terms' postings, the result cache emptied. */
    hybridHeld: { p50: number; p95: number }
    /**
     * Each question asked first again, by a process that has forgotten every list, after one question
     * and the idle moment in which it read that question's lists and the organization's commonest.
     */
    hybridAfterIdle: { p50: number; p95: number }
    lexical: { p50: number; p95: number }
    vectorExact: { p50: number; p95: number }
    vectorHnsw: { p50: number; p95: number; recallAt10: number }
  }>
  otherChunks: number
}

/**
 * Search latency in one organization of 10,000 and of 100,000 chunks, with another organization's
 * chunks in the same tables, through POST /api/search/ on a file-backed PGlite; plus the vector
 * step alone, exact and through HNSW, and the default embedder's load time and memory.
 */
export async function measureSearch({
  sizes = [10_000, 100_000],
  others = 20_000,
  queries = 200,
  keepDataDir = '',
  afterUpload = false,
} = {}): Promise<SearchBenchmark> {
  const probe = (...flags: string[]) =>
    JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench/embedder-probe.ts', ...flags], {
        encoding: 'utf8',
      }),
    )
  const build = probe('--build')
  const embedder = { ...probe(), buildMs: build.buildMs, buildRssMb: build.rssMb }
  const dataDir = keepDataDir || mkdtempSync(path.join(tmpdir(), 'bench-search-'))
  const config = loadApiConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    JOB_POLL_MS: '20',
    JOB_CONCURRENCY: '2',
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  })
  const database = await openDatabase({ dataDir })
  await database.migrate()
  await seedDemo(database.db, 'demo-password')
  const backend = await createBackend({ db: database.db, config, exclusiveDatabase: true })
  // As a server that serves the API does at its start (server/bootstrap.ts).
  backend.deps.postings.restore(database.db)
  const call = async (url: string, init: RequestInit & { json?: unknown; org?: string; token?: string } = {}) => {
    const headers = new Headers()
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
    if (init.org) headers.set('X-Organization', init.org)
    if (init.json !== undefined) headers.set('Content-Type', 'application/json')
    const response = await backend.api.fetch(
      new Request(`http://bench/api${url}`, {
        method: init.method,
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      }),
      { clientAddress: '127.0.0.1' },
    )
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
    return response.json()
  }
  const countChunks = async (organizationId: number) =>
    Number(
      rowsOf(
        await database.db.execute(
          sql`select count(*) as n from document_chunks where organization_id = ${organizationId}`,
        ),
      )[0]!.n,
    )
  try {
    const { access: token } = await call('/token/obtain/', {
      method: 'POST',
      json: { username: 'admin', password: 'demo-password' },
    })
    const makeDocument = documentFactory(42)
    async function organizationWith(label: string, chunks: number) {
      // A kept data dir (`--search-data-dir`) already holds the organizations of an earlier run: those
      // are searched again as they are, which spares re-ingesting (100,000 chunks take ~9 minutes).
      const [kept] = rowsOf(
        await database.db.execute(sql`select id, slug, name from organizations where name = ${label} limit 1`),
      )
      if (kept) {
        const count = await countChunks(Number(kept.id))
        if (count >= chunks)
          return {
            id: Number(kept.id),
            slug: String(kept.slug),
            name: String(kept.name),
            chunks: count,
            ingestSeconds: Number.NaN,
          }
      }
      const organization = await call('/organizations/', { method: 'POST', token, json: { name: label } })
      const started = performance.now()
      let count = 0
      while (count < chunks) {
        // Ten documents at a time (~570 chunks): the count lands within one batch of the target.
        await upload(organization.slug, 10)
        count = await countChunks(organization.id)
      }
      await settled()
      return { ...organization, chunks: count, ingestSeconds: (performance.now() - started) / 1000 }
    }
    // Each organization's files numbered from one.
    const uploaded = new Map<string, number>()
    async function upload(slug: string, documents: number) {
      for (let document = 0; document < documents; document++) {
        const index = (uploaded.get(slug) ?? 0) + 1
        uploaded.set(slug, index)
        const body = new FormData()
        body.append('file', new Blob([makeDocument()]), `report-${index}.txt`)
        await call('/documents/', { method: 'POST', token, org: slug, body })
      }
      await backend.worker!.idle()
    }
    // What the worker does once an upload is processed: the organization's lists kept at its new
    // generation (decision 093), and the tables settled as its maintenance would, so that its trailing
    // run does not land in the timings.
    async function settled() {
      await backend.worker!.listsKept()
      await vacuumSearchTables(database.db)
    }
    const other = await organizationWith('Other clients', others)
    const took = (seconds: number) => (Number.isNaN(seconds) ? ' (kept)' : ` in ${seconds.toFixed(0)} s`)
    console.log(`  other organization: ${other.chunks} chunks${took(other.ingestSeconds)}`)
    const questions = readFileSync(path.join(DEV_SET, 'queries.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { text: string }).text)
      .slice(0, queries)
    const results: SearchBenchmark['organizations'] = []
    for (const size of sizes) {
      const organization = await organizationWith(`Data room ${size}`, size)
      console.log(`  ${organization.name}: ${organization.chunks} chunks${took(organization.ingestSeconds)}`)
      if (afterUpload) {
        // One document more: the organization's search generation rises, and its kept lists go.
        await upload(organization.slug, 1)
        const started = performance.now()
        await settled()
        organization.chunks = await countChunks(organization.id)
        const keptMs = (performance.now() - started).toFixed(0)
        console.log(
          `  one document more, processed: lists kept and tables vacuumed ${keptMs} ms after (2 s quiet first)`,
        )
      }
      const timeMode = async (mode: string, { held = false, afterIdle = false } = {}) => {
        const latencies: number[] = []
        if (afterIdle) {
          await backend.deps.postings.stop()
          backend.deps.postings = createPostingsCache()
          backend.deps.searchResults = createSearchResultCache()
          await call('/search/', { method: 'POST', token, org: organization.slug, json: { query: questions[0], mode } })
          await backend.deps.postings.settled()
        } else if (held) {
          await backend.deps.postings.settled()
          backend.deps.searchResults = createSearchResultCache()
        } else
          for (const question of questions.slice(0, 10))
            await call('/search/', { method: 'POST', token, org: organization.slug, json: { query: question, mode } })
        for (const question of questions) {
          const started = performance.now()
          await call('/search/', { method: 'POST', token, org: organization.slug, json: { query: question, mode } })
          latencies.push(performance.now() - started)
        }
        return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) }
      }
      // The vector step alone, forced to each path, and the share of the exact top 10 the index finds.
      const vectorPaths = { exact: [] as number[], hnsw: [] as number[] }
      let found = 0
      let wanted = 0
      for (const question of questions) {
        const [vector] = await backend.deps.embeddings.embed([question], 'query')
        if (!vector || vector.every((value) => value === 0)) continue
        const base = { organizationId: organization.id, model: backend.deps.embeddings.model, vector, limit: 10 }
        let started = performance.now()
        const exact = await vectorCandidates(database.db, { ...base, chunkCount: 0 })
        vectorPaths.exact.push(performance.now() - started)
        started = performance.now()
        const approximate = await vectorCandidates(database.db, { ...base, chunkCount: Number.MAX_SAFE_INTEGER })
        vectorPaths.hnsw.push(performance.now() - started)
        const ids = new Set(approximate.map((hit) => hit.id))
        found += exact.filter((hit) => ids.has(hit.id)).length
        wanted += exact.length
      }
      results.push({
        label: organization.name,
        chunks: organization.chunks,
        ingestSeconds: organization.ingestSeconds,
        hybrid: await timeMode('hybrid'),
        lexical: await timeMode('lexical'),
        hybridHeld: await timeMode('hybrid', { held: true }),
        hybridAfterIdle: await timeMode('hybrid', { afterIdle: true }),
        vectorExact: { p50: percentile(vectorPaths.exact, 50), p95: percentile(vectorPaths.exact, 95) },
        vectorHnsw: {
          p50: percentile(vectorPaths.hnsw, 50),
          p95: percentile(vectorPaths.hnsw, 95),
          recallAt10: found / (wanted || 1),
        },
      })
    }
    return { embedder, organizations: results, otherChunks: other.chunks }
  } finally {
    await backend.stop()
    await database.close()
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}
