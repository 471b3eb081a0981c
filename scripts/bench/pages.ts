import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

import { percentile } from '../eval/metrics'
import {
  apiToken,
  cpuMs,
  documentCount,
  freePort,
  memoryMb,
  ORGANIZATION,
  PASSWORD,
  processTree,
  root,
  seedDocuments,
  SERVER_ARGS,
  sessionCookie,
  start,
  stop,
  waitFor,
} from './app-process'

const bareSource = path.join(root, 'scripts/bench/bare-remix')
const bareBuild = path.join(root, '.cache/bench-bare')
const corpus = path.resolve(root, '../shared/corpus/retrieval-dev/corpus.jsonl')
const questions = path.resolve(root, '../shared/corpus/retrieval-dev/queries.jsonl')
// Before each measured run: long enough for a web process started by the load to listen and be
// warmed by it (decision 016), so the run measures the server as a sustained load finds it.
const WARM_UP_SECONDS = 5

export interface LoadFigures {
  requestsPerSecond: number
  p50: number
  p97_5: number
  p99: number
  errors: number
  non2xx: number
  /** CPU time of the server's processes (all of them, threads included) per request answered. */
  cpuMsPerRequest: number
}

export interface PageRow {
  target: string
  connections: number
  figures: LoadFigures
  /** requests/s as a share of the bare page's in the same run. */
  throughputRatio: number
  /** p97.5 (10 connections) or p99 (50) as a multiple of the bare page's. */
  latencyRatio: number
}

type Memory = ReturnType<typeof memoryMb>

export interface PagesBenchmark {
  documents: number
  durationSeconds: number
  /** Our server's processes: one, or a primary and its web processes. */
  processes: number
  rows: PageRow[]
  memory: {
    /** Ten seconds after the seeding and a first request of each target. */
    settled: Memory
    afterLoad: Memory
    /** After a minute without requests, following the load. */
    idle: Memory
  }
}

/** The reports of the retrieval dev set, each one document of its passages in order. */
export function corpusDocuments(count: number) {
  const documents = new Map<string, string[]>()
  for (const line of readFileSync(corpus, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const passage = JSON.parse(line) as { doc_id: string; text: string }
    const texts = documents.get(passage.doc_id) ?? []
    texts.push(passage.text)
    documents.set(passage.doc_id, texts)
    if (documents.size > count) break
  }
  return [...documents.values()].slice(0, count).map((texts) => texts.join('\n\n'))
}

/** The dev set's questions, for a search target that never asks the same one twice in a row. */
function devQuestions() {
  return readFileSync(questions, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { text: string }).text)
}

const CONVERSATION_TITLE = 'Bench conversation'

/**
 * The admin's conversation of ten dev-set questions with their answers, a latest page of twenty
 * messages: made once in a data dir, found again in a kept one.
 */
async function benchConversation(base: string, asked: string[]) {
  const headers = {
    authorization: `Bearer ${await apiToken(base, 'admin')}`,
    'x-organization': ORGANIZATION,
    'content-type': 'application/json',
  }
  const listed = (await (await fetch(`${base}/api/conversations/`, { headers })).json()) as Array<{
    id: number
    title: string
  }>
  const kept = listed.find((conversation) => conversation.title === CONVERSATION_TITLE)
  if (kept) return kept.id
  const created = await fetch(`${base}/api/conversations/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: CONVERSATION_TITLE }),
  })
  const { id } = (await created.json()) as { id: number }
  for (const content of asked.slice(0, 10)) {
    const response = await fetch(`${base}/api/conversations/${id}/add_message/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content }),
    })
    if (response.status !== 201) throw new Error(`asking the bench conversation: ${response.status}`)
  }
  return id
}

/** What a load is asked of, and whose CPU it costs. */
export interface Target {
  name: string
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Each request's path, when it changes from one request to the next. */
  nextPath?: () => string
  /** The processes whose CPU time the requests cost. */
  pids: () => number[]
}

export async function load(target: Target, connections: number, duration: number): Promise<LoadFigures> {
  const pids = target.pids()
  const cpuBefore = cpuMs(pids)
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    requests: target.nextPath ? [{ setupRequest: (request) => ({ ...request, path: target.nextPath!() }) }] : undefined,
    connections,
    duration,
  })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMsPerRequest: (cpuMs(pids) - cpuBefore) / Math.max(result.requests.total, 1),
  }
}

/**
 * Our pages beside a bare Remix page of the same version, under the same load in one run: each
 * connection count runs every target in turn (warmed up first), `rounds` times interleaved, and
 * the figures are the medians of the rounds.
 */
export interface PagesOptions {
  duration?: number
  rounds?: number
  documents?: number
  /** Only these targets (by name), beside the bare page. */
  targets?: string[]
  connections?: number[]
  /** Keeps the seeded database here and reuses it on the next run, which then skips the seeding. */
  dataDir?: string
  /** Writes a V8 CPU profile of our server (--cpu-prof) into this folder when it stops. */
  profileDir?: string
  /** How long the server is left without requests after the load before its idle memory is read. */
  idleSeconds?: number
}

export async function measurePages({
  duration = 15,
  rounds = 1,
  documents = 60,
  targets: only,
  connections: connectionCounts = [10, 50],
  dataDir: keptDataDir,
  profileDir,
  idleSeconds = 65,
}: PagesOptions = {}): Promise<PagesBenchmark> {
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'build'], {
    cwd: bareSource,
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error('building the bare Remix page failed')
  const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'exit-planning-bench-pages-'))
  const [barePort, ourPort] = [await freePort(), await freePort()]
  const bare = start(
    process.execPath,
    [path.join(root, 'node_modules/@remix-run/serve/dist/cli.js'), 'build/index.js'],
    { NODE_ENV: 'production', PORT: String(barePort) },
    bareBuild,
  )
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []
  const ours = start(process.execPath, [...profile, ...SERVER_ARGS], {
    // As `npm start` runs it (package.json): two malloc arenas instead of one per thread.
    MALLOC_ARENA_MAX: '2',
    NODE_ENV: 'production',
    PORT: String(ourPort),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: PASSWORD,
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
  })
  const bareUrl = `http://localhost:${barePort}`
  const base = `http://localhost:${ourPort}`
  try {
    await Promise.all([
      waitFor(`${bareUrl}/`, bare.child, bare.output),
      waitFor(`${base}/login`, ours.child, ours.output),
    ])
    const seeded = (await documentCount(base)) || (await seedDocuments(base, corpusDocuments(documents)))
    const barePids = () => [bare.child.pid!]
    const ourPids = () => processTree(ours.child.pid!)
    const asked = devQuestions()
    const conversation = await benchConversation(base, asked)
    let next = 0
    // Access tokens live five minutes: every target is loaded with a session signed in just before.
    const targets = async (): Promise<Target[]> => {
      const [cookie, access] = await Promise.all([sessionCookie(base), apiToken(base, 'admin')])
      const page = (name: string, url: string): Target => ({
        name,
        url: `${base}${url}`,
        headers: { cookie },
        pids: ourPids,
      })
      const api = { authorization: `Bearer ${access}`, 'x-organization': ORGANIZATION }
      return [
        { name: 'bare Remix page', url: `${bareUrl}/`, pids: barePids },
        { name: '/login', url: `${base}/login`, pids: ourPids },
        page('/dashboard', '/dashboard'),
        page('/documents', '/documents'),
        page('/search?q=…', '/search?q=net+cash+used+in+investing+activities'),
        {
          ...page('/search?q=… (300 questions in turn)', '/search'),
          nextPath: () => `/search?q=${encodeURIComponent(asked[next++ % asked.length]!)}`,
        },
        page('/organizations', '/organizations'),
        // Issue 34: the assessment and the value gap read the documents for evidence on every view.
        page('/readiness', '/readiness'),
        page('/readiness/value-gap', '/readiness/value-gap'),
        page('/readiness/checklist', '/readiness/checklist'),
        page('/actions', '/actions'),
        page('/chat/{id}', `/chat/${conversation}`),
        { name: 'GET /api/me/', url: `${base}/api/me/`, headers: api, pids: ourPids },
        {
          name: 'POST /api/search/',
          url: `${base}/api/search/`,
          method: 'POST',
          headers: { ...api, 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'net cash used in investing activities' }),
          pids: ourPids,
        },
      ]
    }
    const names = (await targets())
      .map((target) => target.name)
      .filter((name, index) => index === 0 || !only || only.includes(name))
    for (const target of await targets()) {
      const response = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body })
      if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}, not 200`)
    }
    // Settle after seeding (processing, search maintenance, idle reader processes retiring) before
    // the idle reading.
    await new Promise((resolve) => setTimeout(resolve, 10_000))
    const settled = memoryMb(ours.child.pid!)
    const rows: PageRow[] = []
    // Both servers serve slower under their first loads (JIT, heap and young generation still
    // growing): in three measured rounds on 2026-12-01 the first gave the bare page 1,021 req/s and
    // /dashboard 361 against 1,289-1,450 and 694-741 in the two after it, one web process or three
    // alike. One unmeasured pass over every target first, so that each measured run finds both
    // servers as a sustained load leaves them, and the median of two rounds is not the cold one.
    for (const name of names) {
      const target = (await targets()).find((candidate) => candidate.name === name)!
      await load(target, connectionCounts[0]!, WARM_UP_SECONDS * 2)
    }
    for (const connections of connectionCounts) {
      const samples = new Map<string, LoadFigures[]>()
      for (let round = 0; round < rounds; round++) {
        for (const name of names) {
          const target = (await targets()).find((candidate) => candidate.name === name)!
          await load(target, connections, WARM_UP_SECONDS)
          const figures = await load(target, connections, duration)
          samples.set(target.name, [...(samples.get(target.name) ?? []), figures])
        }
      }
      const median = (name: string): LoadFigures => {
        const runs = samples.get(name)!
        const pick = (key: keyof LoadFigures) =>
          percentile(
            runs.map((run) => run[key]),
            50,
          )
        return {
          requestsPerSecond: pick('requestsPerSecond'),
          p50: pick('p50'),
          p97_5: pick('p97_5'),
          p99: pick('p99'),
          errors: Math.max(...runs.map((run) => run.errors)),
          non2xx: Math.max(...runs.map((run) => run.non2xx)),
          cpuMsPerRequest: pick('cpuMsPerRequest'),
        }
      }
      const bareFigures = median('bare Remix page')
      for (const name of names) {
        const figures = median(name)
        const latency = connections === 10 ? 'p97_5' : 'p99'
        rows.push({
          target: name,
          connections,
          figures,
          throughputRatio: figures.requestsPerSecond / bareFigures.requestsPerSecond,
          latencyRatio: figures[latency] / Math.max(bareFigures[latency], 1),
        })
      }
    }
    const afterLoad = memoryMb(ours.child.pid!)
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000))
    return {
      documents: seeded,
      durationSeconds: duration,
      processes: afterLoad.processes,
      rows,
      memory: { settled, afterLoad, idle: memoryMb(ours.child.pid!) },
    }
  } finally {
    await Promise.all([stop(bare.child), stop(ours.child)])
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}
