import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { startLocalS3 } from '../../tests/api/support/s3-server'
import {
  apiToken,
  cpuMs,
  freePort,
  ORGANIZATION,
  processTree,
  rollupMb,
  root,
  SERVER_ARGS,
  start,
  stop,
  waitFor,
} from './app-process'
import { type Reading, type RoleMemory, sampleMemory } from './memory-sampler'

const CORPUS = path.resolve(root, '../shared/corpus/parsing')
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password'

/**
 * Files of the parsing corpus that process successfully (its manifest's reference run), of every
 * kind the brief names: long and short PDFs, Word, Excel, CSV and text in four encodings. The batch
 * is these twice over; a second copy is kept as a document of its own (on_duplicate's default) and
 * processed again.
 */
const FILES = [
  'pdf/pdfjs__tracemonkey.pdf',
  'pdf/pdfjs__pdkids.pdf',
  'pdf/pdfjs__basicapi.pdf',
  'pdf/pdfjs__issue13201.pdf',
  'pdf/pdfjs__issue11913.pdf',
  'pdf/pdfjs__prefilled_f1040.pdf',
  'pdf/pdfjs__issue9972-1.pdf',
  'docx/mammoth__tables.docx',
  'docx/mammoth__footnotes.docx',
  'docx/wordx__test04.docx',
  'xlsx/exceljs__1519293514-KRISHNAPATNAM_LINE_UP.xlsx',
  'xlsx/sheetjs__formula_stress_test.xlsx',
  'xlsx/sheetjs__text_and_numbers.xlsx',
  'csv/sp500__constituents.csv',
  'csv/sheetjs__Attendance.csv',
  'csv/sheetjs__ErrorTypes.csv',
  'txt/gotext__candide-utf-8.txt',
  'txt/gotext__candide-windows-1252.txt',
  'txt/gotext__rashomon-shift-jis.txt',
  'txt/gotext__unsu-joh-eun-nal-euc-kr.txt',
]
const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
}
const POLL_MS = 250
const DATABASE = 'database (PGlite wire server)'
const EMBEDDED = 'npm start (all its processes)'

interface Upload {
  name: string
  type: string
  bytes: Uint8Array<ArrayBuffer>
}

function batch(): Upload[] {
  const files = FILES.map((file) => ({
    name: path.basename(file),
    type: TYPES[path.extname(file)]!,
    bytes: new Uint8Array(readFileSync(path.join(CORPUS, file))),
  }))
  return [...files, ...files]
}

export interface ScaleRun {
  setup: string
  /** Separate worker processes (0: the embedded default, which processes in its own process). */
  workers: number
  documents: number
  megabytes: number
  /** From the first upload sent until the API answered the last one (201). */
  uploadSeconds: number
  /** From the first upload sent until the API listed every document processed. */
  seconds: number
  perMinute: number
  /** RSS and PSS in MB of each role's processes, and of all of them (`all`). */
  memory: Record<string, RoleMemory>
  /** CPU time each role's processes used from the first upload until all were processed (threads included). */
  cpuSeconds: Record<string, number>
  /** The same roles' memory right after the first start, which created the database (no workers yet). */
  firstStart: Record<string, Reading>
}

export interface ScaleBenchmark {
  runs: ScaleRun[]
  jobConcurrency: string
  loadAverage: { before: number[]; after: number[] }
}

/**
 * Uploads the batch through the API all at once (every request in flight together), then polls the
 * document list until every one is processed, reading memory meanwhile. A document that fails
 * stops the run: a throughput with failures in it would not be the pipeline's.
 */
async function uploadAndProcess(base: string, roles: Record<string, () => number[]>) {
  const access = await apiToken(base, 'analyst', PASSWORD)
  const headers = { authorization: `Bearer ${access}`, 'x-organization': ORGANIZATION }
  const count = async (status: string) => {
    const response = await fetch(`${base}/api/documents/?status=${status}&page_size=1`, { headers })
    if (!response.ok) throw new Error(`listing documents: ${response.status} ${await response.text()}`)
    return ((await response.json()) as { count: number }).count
  }
  const uploads = batch()
  const cpu = () => Object.fromEntries(Object.entries(roles).map(([name, pids]) => [name, cpuMs(pids())]))
  const cpuBefore = cpu()
  const sampler = sampleMemory(roles)
  let memory: Record<string, RoleMemory> | undefined
  try {
    const started = performance.now()
    await Promise.all(
      uploads.map(async (upload, index) => {
        const body = new FormData()
        body.append('title', `${upload.name} (${index + 1})`)
        body.append('file', new Blob([upload.bytes], { type: upload.type }), upload.name)
        const response = await fetch(`${base}/api/documents/`, { method: 'POST', headers, body })
        if (response.status !== 201)
          throw new Error(`upload of ${upload.name}: ${response.status} ${await response.text()}`)
      }),
    )
    const uploadSeconds = (performance.now() - started) / 1000
    for (;;) {
      const ended = await count('processed,failed')
      if (ended === uploads.length) break
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
    const seconds = (performance.now() - started) / 1000
    memory = sampler.stop()
    const cpuAfter = cpu()
    const failed = await count('failed')
    if (failed > 0) throw new Error(`${failed} of ${uploads.length} documents failed to process`)
    return {
      documents: uploads.length,
      megabytes: uploads.reduce((sum, upload) => sum + upload.bytes.length, 0) / 1024 / 1024,
      uploadSeconds,
      seconds,
      perMinute: (uploads.length / seconds) * 60,
      memory,
      cpuSeconds: {
        ...Object.fromEntries(Object.keys(roles).map((name) => [name, (cpuAfter[name]! - cpuBefore[name]!) / 1000])),
        all: Object.keys(roles).reduce((sum, name) => sum + (cpuAfter[name]! - cpuBefore[name]!) / 1000, 0),
      },
    }
  } finally {
    if (!memory) sampler.stop()
  }
}

/** Waits until a process has printed a line matching `pattern` (two minutes at most). */
async function printed(spawned: ReturnType<typeof start>, pattern: RegExp, what: string) {
  for (let tries = 0; tries < 1200; tries++) {
    const match = pattern.exec(spawned.output())
    if (match) return match
    if (spawned.child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} did not start:\n${spawned.output()}`)
}

/** A failed run's error with the end of what each of its processes printed, to see why. */
function withOutput(error: unknown, processes: Array<ReturnType<typeof start>>) {
  const printedLast = processes
    .map((spawned) => `--- ${spawned.child.spawnargs.slice(1).join(' ')}\n${spawned.output().slice(-6000)}`)
    .join('\n')
  return new Error(`${error instanceof Error ? error.message : String(error)}\n${printedLast}`, { cause: error })
}

/** As the container runs every process (Dockerfile): production, two malloc arenas. */
const PROCESS_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' }

/** Folders made for one setup, removed with it. */
function scratchFolders() {
  const folders: string[] = []
  return {
    make(label: string) {
      const folder = mkdtempSync(path.join(os.tmpdir(), `exit-planning-bench-scale-${label}-`))
      folders.push(folder)
      return folder
    },
    remove() {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true })
    },
  }
}

/**
 * The scaled-out setup on this machine: PGlite served over the wire protocol in a process of its
 * own (standing in for PostgreSQL), a local S3 bucket (in this process), one web instance in one
 * process, and `workers` job workers (`npm run worker`), on a fresh database and bucket. The
 * database and web instance are started once to create, migrate and seed the database, then
 * stopped and started again for the measurement: a first start leaves PGlite holding the memory
 * of creating the database (initdb) until its process ends, which every later start is without.
 */
async function scaledOut(workers: number): Promise<ScaleRun> {
  const scratch = scratchFolders()
  const processes: Array<ReturnType<typeof start>> = []
  let bucket: Awaited<ReturnType<typeof startLocalS3>> | undefined
  try {
    const pgdata = path.join(scratch.make('db'), 'pgdata')
    const webDir = scratch.make('web')
    bucket = await startLocalS3('exit-planner-bench')
    const port = await freePort()
    const base = `http://localhost:${port}`
    const startDatabase = async () => {
      const database = start(
        process.execPath,
        ['--import', 'tsx', 'scripts/bench/wire-database-server.ts', pgdata],
        PROCESS_ENV,
      )
      processes.push(database)
      return { database, url: (await printed(database, /^url (\S+)$/m, 'the database'))[1]! }
    }
    const shared = (url: string) => ({
      ...PROCESS_ENV,
      DATABASE_URL: url,
      ...bucket!.env,
      JWT_SECRET: 'scale-bench-secret-long-enough-for-hs256',
      SESSION_SECRET: 'scale-bench-session-secret',
    })
    const startWeb = async (url: string) => {
      const web = start(process.execPath, SERVER_ARGS, {
        ...shared(url),
        PORT: String(port),
        DATA_DIR: webDir,
        DEMO_PASSWORD: PASSWORD,
        JOB_WORKER: 'false',
        WEB_CONCURRENCY: '1',
      })
      processes.push(web)
      await waitFor(`${base}/login`, web.child, web.output)
      return web
    }

    let { database, url } = await startDatabase()
    let web = await startWeb(url)
    const firstStart = {
      'web instance': rollupMb(processTree(web.child.pid!)),
      [DATABASE]: rollupMb(processTree(database.child.pid!)),
    }
    await stop(web.child)
    await stop(database.child)
    ;({ database, url } = await startDatabase())
    web = await startWeb(url)
    const started = Array.from({ length: workers }, (_, index) => {
      const worker = start(process.execPath, ['--import', 'tsx', 'server/worker-process.ts'], {
        ...shared(url),
        DATA_DIR: scratch.make(`worker-${index + 1}`),
      })
      processes.push(worker)
      return worker
    })
    for (const worker of started) await printed(worker, /worker \S+ running/i, 'a worker')
    const roles: Record<string, () => number[]> = {
      'web instance': () => processTree(web.child.pid!),
      ...Object.fromEntries(
        started.map((worker, index) => [`worker ${index + 1}`, () => processTree(worker.child.pid!)]),
      ),
      [DATABASE]: () => processTree(database.child.pid!),
    }
    const run = await uploadAndProcess(base, roles)
    return { setup: `web + ${workers} worker${workers === 1 ? '' : 's'}`, workers, ...run, firstStart }
  } catch (error) {
    throw withOutput(error, processes)
  } finally {
    for (const spawned of processes.reverse()) await stop(spawned.child)
    await bucket?.close()
    scratch.remove()
  }
}

/**
 * `npm start` alone on a fresh DATA_DIR: the embedded database, processing in the same process.
 * Started twice, as above: once to create the database, then for the measurement.
 */
async function embedded(): Promise<ScaleRun> {
  const scratch = scratchFolders()
  const dataDir = scratch.make('embedded')
  const port = await freePort()
  const base = `http://localhost:${port}`
  const processes: Array<ReturnType<typeof start>> = []
  const startServer = async () => {
    const server = start(process.execPath, SERVER_ARGS, {
      ...PROCESS_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_PASSWORD: PASSWORD,
    })
    processes.push(server)
    await waitFor(`${base}/login`, server.child, server.output)
    return server
  }
  try {
    let server = await startServer()
    const firstStart = { [EMBEDDED]: rollupMb(processTree(server.child.pid!)) }
    await stop(server.child)
    server = await startServer()
    const run = await uploadAndProcess(base, { [EMBEDDED]: () => processTree(server.child.pid!) })
    return { setup: 'npm start (embedded)', workers: 0, ...run, firstStart }
  } catch (error) {
    throw withOutput(error, processes)
  } finally {
    for (const spawned of processes) await stop(spawned.child)
    scratch.remove()
  }
}

/** Each setup on a fresh database and bucket, one after the other: 1 worker, 2 workers, embedded. */
export async function measureScale(): Promise<ScaleBenchmark> {
  const before = os.loadavg()
  const runs = [await scaledOut(1), await scaledOut(2), await embedded()]
  return {
    runs,
    jobConcurrency: process.env.JOB_CONCURRENCY ?? '2 (default)',
    loadAverage: { before, after: os.loadavg() },
  }
}
