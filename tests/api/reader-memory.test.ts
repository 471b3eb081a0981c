import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { getPriority, tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { pdfBomb } from '../support/pdf-bomb'
import { isRunning, readerProcesses } from '../support/reader-processes'
import { demoAndHarbor, type Harness, startApi, type TwoOrganizations } from './support/harness'
import { processed, upload } from './support/uploads'

const GB = 2 ** 30
const MB = 2 ** 20
// EXTRACTION_MEMORY_MB is left at its default, 512, and EXTRACTION_TIMEOUT_SECONDS at its 120:
// this message, not the deadline's, is how the reading ended.
const OUT_OF_MEMORY = 'Reading this document needed more than 512 MB of memory and was stopped.'

let api: Harness
let people: TwoOrganizations
let bomb: Uint8Array<ArrayBuffer>
beforeAll(async () => {
  api = await startApi()
  people = await demoAndHarbor(api)
  bomb = await pdfBomb(GB)
})
afterAll(() => api.close())

/** Waits until a reader process is reading `count` documents, and answers their process ids. */
async function readersOf(count: number) {
  return vi.waitFor(
    () => {
      const readers = readerProcesses()
      expect(readers).toHaveLength(count)
      return readers
    },
    { timeout: 30_000, interval: 20 },
  )
}

describe('the memory a document takes while it is read', () => {
  it('stops reading a PDF whose page unpacks to 1 GB once its reader holds more than the memory limit', async () => {
    // The review's PDF: one page whose content is a Flate stream of 1 GB of spaces, 1 MB of file.
    // pdf.js decoded it outside the heap cap: the thread went from 80 to 2,738 MB until the deadline.
    expect(bomb.length).toBeLessThan(2 * MB)
    const created = await (await upload(api, people.analyst, { name: 'forecast.pdf', bytes: bomb })).json()
    const done = await processed(api, people.analyst, created.id)
    expect(done.processing_status).toBe('failed')
    expect(done.failure_reason).toBe(OUT_OF_MEMORY)
  }, 120_000)

  it('kills the readers of two organizations’ bombs read at once, and reads the next document', async () => {
    const owners = [
      { session: people.analyst, org: undefined },
      { session: people.outsider, org: people.harbor },
    ]
    const ids = await Promise.all(
      owners.map(async ({ session, org }, index) => {
        const response = await upload(api, session, { name: `forecast-${index}.pdf`, bytes: bomb }, {}, org)
        return (await response.json()).id as number
      }),
    )
    // JOB_CONCURRENCY is 2 and neither organization may take both slots: both are read at once.
    const bombReaders = await readersOf(2)
    await api.worker!.idle()
    for (const [index, { session, org }] of owners.entries()) {
      const done = await (await api.request(`/documents/${ids[index]}/`, { token: session.access, org })).json()
      expect(done).toMatchObject({ processing_status: 'failed', failure_reason: OUT_OF_MEMORY })
    }
    // Killed, not left to finish or kept for the next document.
    await vi.waitFor(() => expect(bombReaders.filter(isRunning)).toEqual([]), { timeout: 10_000, interval: 20 })

    const next = await (
      await upload(api, people.analyst, { name: 'minutes.txt', bytes: 'The board approved the sale of the depot.' })
    ).json()
    expect((await processed(api, people.analyst, next.id)).processing_status).toBe('processed')
  }, 120_000)
})

// A server in miniature: the umask every entry point sets (decision 025), then a document read as
// the processing job reads it; it prints its reader's process id once the reader holds 300 MB.
const SERVER = `
process.umask(0o077)
const { extractInWorker } = await import('./api/ingest/extraction-pool.ts')
const { readerProcesses } = await import('./tests/support/reader-processes.ts')
const { residentMemoryMb } = await import('./api/ingest/process-usage.ts')
void extractInWorker('pdf', process.argv[1], { timeoutMs: 120_000, memoryMb: 512, maxChars: 3_000_000 })
const poll = setInterval(() => {
  const reading = readerProcesses().find((pid) => residentMemoryMb(pid) > 300)
  if (reading) console.log(reading)
  if (reading) clearInterval(poll)
}, 20)
`

describe('a reader process', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'exit-planning-reader-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('reads with the server’s umask below its priority, and ends when the server is killed while it reads', async () => {
    const file = path.join(folder, 'forecast.pdf')
    writeFileSync(file, bomb)
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SERVER, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const reader = await new Promise<number>((resolve, reject) => {
      server.stdout.once('data', (line: Buffer) => resolve(Number(line.toString())))
      server.once('exit', (code) => reject(new Error(`the server ended (${code}) before its reader read`)))
    })
    // It reads stored files and may write OCR's: what it creates is as private as the server's.
    expect(readFileSync(`/proc/${reader}/status`, 'utf8')).toMatch(/^Umask:\s+0077$/m)
    // Below the server: pages come first when the cores are busy.
    expect(getPriority(reader)).toBe(Math.min(19, getPriority(server.pid) + 10))
    // The OOM killer's way: no signal handler runs, and nothing is left to watch the reader's memory.
    server.kill('SIGKILL')
    await vi.waitFor(() => expect(isRunning(reader)).toBe(false), { timeout: 10_000, interval: 20 })
  }, 60_000)
})
