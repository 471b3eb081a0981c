import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { documents, jobs } from '../../api/db/schema'
import { createJobQueue } from '../../api/jobs/queue'
import { type JobHandler, startJobWorker } from '../../api/jobs/worker'
import { drainable } from '../../runtime/shutdown'
import { hugePdf } from '../support/huge-pdf'
import { type Harness, signIn, startApi } from './support/harness'
import { upload } from './support/uploads'

/** A promise the test settles itself, so a job's work ends exactly when the test says so. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))

describe('stopping the job worker', () => {
  let api: Harness
  beforeAll(async () => {
    api = await startApi({ JOB_WORKER: 'false' })
  })
  afterAll(() => api.close())

  const jobRow = async (id: number) => (await api.db.select().from(jobs).where(eq(jobs.id, id)))[0]!

  async function runUntilStarted(handler: JobHandler) {
    const queue = createJobQueue(api.db, { leaseSeconds: 60 })
    const started = gate()
    const job = await queue.enqueue('work', {})
    const worker = startJobWorker(
      queue,
      { work: (job, signal) => (started.open(), handler(job, signal)) },
      { concurrency: 2, pollMs: 50 },
    )
    await started.opened
    expect(await jobRow(job.id)).toMatchObject({ status: 'running', attempts: 1 })
    return { job, worker }
  }

  it('aborts a running job and hands it back to run at once, its attempt not counted', async () => {
    const { job, worker } = await runUntilStarted((_job, signal) => untilAborted(signal))
    await worker.stop()
    const handedBack = await jobRow(job.id)
    expect(handedBack).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
    })
    expect(handedBack.runAfter.getTime()).toBeLessThanOrEqual(Date.now())

    const next = startJobWorker(createJobQueue(api.db, { leaseSeconds: 60 }), { work: async () => {} }, { pollMs: 50 })
    await next.idle()
    await next.stop()
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 1 })
  })

  it('lets a job that is writing its result finish, and records it done', async () => {
    const writing = gate()
    const { job, worker } = await runUntilStarted(() => writing.opened)
    const stopped = worker.stop()
    writing.open()
    await stopped
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 1 })
  })

  it('hands back a job that does not stop within the grace period, and stops anyway', async () => {
    const { job, worker } = await runUntilStarted(() => new Promise<void>(() => {}))
    await worker.stop({ graceMs: 200 })
    expect(await jobRow(job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null })
  })
})

describe('a document being read when the server stops', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-shutdown-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it(
    'stops reading at once and is read again, from its first attempt, on the next start',
    { timeout: 120_000 },
    async () => {
      const first = await startApi({}, { dataDir, persistent: true })
      const analyst = await signIn(first, 'analyst')
      const created = await (
        await upload(first, analyst, { name: 'archive.pdf', bytes: hugePdf(300_000), type: 'application/pdf' })
      ).json()
      const status = async () =>
        (await first.db.select().from(documents).where(eq(documents.id, created.id)))[0]!.processingStatus
      await vi.waitFor(async () => expect(await status()).toBe('processing'), { timeout: 30_000, interval: 100 })
      const stopping = Date.now()
      await first.close({ keepData: true })
      // The extraction would have run to its 120 s deadline; stopping ended it instead.
      expect(Date.now() - stopping).toBeLessThan(5_000)

      const between = await startApi({ JOB_WORKER: 'false' }, { dataDir, persistent: true })
      try {
        const [document] = await between.db.select().from(documents).where(eq(documents.id, created.id))
        expect(document).toMatchObject({ processingStatus: 'processing', failureReason: null })
        const [job] = await between.db.select().from(jobs)
        expect(job).toMatchObject({
          status: 'queued',
          attempts: 0,
          lockedBy: null,
          organizationId: document!.organizationId,
        })
      } finally {
        await between.close({ keepData: true })
      }

      // A short deadline on the next start, so the resumed reading ends by the normal path quickly.
      const second = await startApi({ EXTRACTION_TIMEOUT_SECONDS: '2' }, { dataDir, persistent: true })
      try {
        await second.worker!.idle()
        const [document] = await second.db.select().from(documents).where(eq(documents.id, created.id))
        expect(document).toMatchObject({
          processingStatus: 'failed',
          failureReason: 'Reading this document took longer than 2 seconds and was stopped.',
        })
        const [job] = await second.db.select().from(jobs)
        expect(job).toMatchObject({ status: 'done', attempts: 1 })
      } finally {
        await second.close({ keepData: true })
      }
    },
  )
})

describe('closing the HTTP server', () => {
  /** A server whose /slow answers when the test opens its gate, and a client that keeps connections alive. */
  async function serverWithSlowRoute() {
    const arrived = gate()
    const answer = gate()
    const server = createServer(async (incoming, response) => {
      if (incoming.url === '/slow') {
        arrived.open()
        await answer.opened
      }
      response.end(incoming.url)
    })
    const http = drainable(server)
    await new Promise<void>((resolve) => server.listen(0, resolve))
    const { port } = server.address() as AddressInfo
    const get = (route: string) =>
      new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        request({ port, path: route, headers: { Connection: 'keep-alive' } }, (response: IncomingMessage) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () =>
            resolve({ status: response.statusCode!, connection: response.headers.connection, body }),
          )
        })
          .on('error', reject)
          .end()
      })
    return { http, get, arrived, answer }
  }

  it('refuses new connections, lets the request in flight finish, and closes its keep-alive connection at once', async () => {
    const { http, get, arrived, answer } = await serverWithSlowRoute()
    expect((await get('/idle')).body).toBe('/idle')
    const slow = get('/slow')
    await arrived.opened
    const started = Date.now()
    const closed = http.close(60_000)
    await expect(get('/new')).rejects.toThrow(/ECONNREFUSED/)
    answer.open()
    expect(await slow).toEqual({ status: 200, connection: 'close', body: '/slow' })
    await closed
    // Node would otherwise keep the finished keep-alive connection, and the close, for its 5 s timeout.
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('ends a request still running at the deadline', async () => {
    const { http, get, arrived } = await serverWithSlowRoute()
    const slow = get('/slow')
    await arrived.opened
    await http.close(200)
    await expect(slow).rejects.toThrow(/socket hang up/)
  })
})
