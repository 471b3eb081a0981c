import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { jobs } from '../../api/db/schema'
import { markFileStorage } from '../../api/storage/shared-storage'
import { hugePdf } from '../support/huge-pdf'
import { serveWireDatabase, type WireDatabase } from '../support/wire-database'
import { type Harness, signIn, startApi } from './support/harness'
import { upload } from './support/uploads'

// The worker as compose.yaml starts it: its command, run by node with nothing in between.
const compose = readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8')
const command = JSON.parse(/worker:[\s\S]*?command: (\[.*\])/.exec(compose)![1]!.replace(/'/g, '"')) as string[]

let database: WireDatabase
let web: Harness
const dataDir = mkdtempSync(path.join(tmpdir(), 'worker-process-'))
const folders = [dataDir]

beforeAll(async () => {
  database = await serveWireDatabase()
  web = await startApi({ JOB_WORKER: 'false' }, { dataDir, databaseUrl: database.url })
  // What a web server does at start (server/bootstrap.ts).
  await markFileStorage(web.db, web.deps.files)
})
afterAll(async () => {
  await web.close({ keepData: true })
  await database.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

function startWorker(workerDataDir: string) {
  expect(command[0]).toBe('node')
  const child = spawn(process.execPath, command.slice(1), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATA_DIR: workerDataDir,
      JWT_SECRET: 'a-secret-long-enough-for-hs256-signing-000',
      SESSION_SECRET: 'a-session-secret-long-enough',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return { child, output: () => output }
}

const exitOf = async (child: ChildProcess) => ((await once(child, 'exit')) as [number | null])[0]

describe('the worker process as compose starts it', () => {
  it('refuses to start where it cannot read the files the web servers store, naming S3_BUCKET', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'worker-elsewhere-'))
    folders.push(elsewhere)
    const worker = startWorker(elsewhere)
    expect(await exitOf(worker.child)).toBe(1)
    expect(worker.output()).toContain('This worker cannot read the files the web servers store')
    expect(worker.output()).toContain('S3_BUCKET')
  })

  it(
    'stops on SIGTERM with exit code 0, handing the job it was running back to the queue',
    { timeout: 120_000 },
    async () => {
      const analyst = await signIn(web, 'analyst')
      // A document whose reading takes long enough to be under way when the stop comes.
      const response = await upload(web, analyst, {
        name: 'archive.pdf',
        bytes: hugePdf(300_000),
        type: 'application/pdf',
      })
      expect(response.status).toBe(201)
      const [queued] = await web.db.select().from(jobs)
      const worker = startWorker(dataDir)
      const job = async () => (await web.db.select().from(jobs).where(eq(jobs.id, queued!.id)))[0]!
      await vi.waitFor(async () => expect((await job()).status, worker.output()).toBe('running'), {
        timeout: 60_000,
        interval: 100,
      })
      worker.child.kill('SIGTERM')
      expect(await exitOf(worker.child), worker.output()).toBe(0)
      expect(await job()).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null })
    },
  )
})
