// Runs once (the js-off project skips *.js-only specs): it drives its own server processes, no page.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import { inArray, sql } from 'drizzle-orm'

import { type DatabaseHandle, openDatabase } from '../../api/db/client'
import { jobs } from '../../api/db/schema'
import { startLocalS3 } from '../api/support/s3-server'
import { corpusFile } from '../api/support/uploads'
import { hugePdf } from '../support/huge-pdf'
import { serveWireDatabase } from '../support/wire-database'
import { apiSignIn } from './support/api'
import { DEMO_PASSWORD } from './support/fixtures'
import { type AppProcess, startApp } from './support/server'

interface Worker {
  child: ChildProcess
  output(): string
  exited: Promise<void>
}

/** `npm run worker` as a process of its own, against the shared database and bucket. */
function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker-process.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return { child, output: () => output, exited }
}

async function call(app: AppProcess, token: string, route: string, init: RequestInit = {}) {
  const response = await fetch(`${app.url}/api${route}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  })
  return response
}

async function upload(app: AppProcess, token: string, name: string, type: string, bytes: Uint8Array<ArrayBuffer>) {
  const body = new FormData()
  body.append('file', new Blob([bytes], { type }), name)
  const response = await call(app, token, '/documents/', { method: 'POST', body })
  expect(response.status, await response.clone().text()).toBe(201)
  return ((await response.json()) as { id: number }).id
}

test('two web instances and two workers share one database and bucket: a killed worker’s job finishes once, elsewhere', async () => {
  test.setTimeout(300_000)
  const folders: string[] = []
  const scratch = (label: string) => {
    const folder = mkdtempSync(path.join(tmpdir(), `exit-planner-scale-${label}-`))
    folders.push(folder)
    return folder
  }
  const database = await serveWireDatabase(path.join(scratch('db'), 'pgdata'))
  const bucket = await startLocalS3()
  // Instances share what makes a token or a session valid; nothing else (each its own DATA_DIR).
  const shared = {
    DATABASE_URL: database.url,
    ...bucket.env,
    JWT_SECRET: 'scale-out-test-secret-long-enough-for-hs256',
    SESSION_SECRET: 'scale-out-test-session-secret',
  }
  const workerEnv = { ...shared, JOB_CONCURRENCY: '1', JOB_LEASE_SECONDS: '3', JOB_POLL_MS: '100' }
  const apps: AppProcess[] = []
  const workers: Worker[] = []
  let db: DatabaseHandle | undefined
  try {
    // Both web instances start together and migrate and seed once between them.
    const appDirs = [scratch('a'), scratch('b')]
    apps.push(
      ...(await Promise.all(
        appDirs.map((dataDir) => startApp(dataDir, { ...shared, JOB_WORKER: 'false', WEB_CONCURRENCY: '1' })),
      )),
    )
    const [a, b] = apps as [AppProcess, AppProcess]
    workers.push(
      startWorker({ ...workerEnv, DATA_DIR: scratch('w1') }),
      startWorker({ ...workerEnv, DATA_DIR: scratch('w2') }),
    )
    for (const worker of workers)
      await expect.poll(() => worker.output(), { timeout: 60_000 }).toMatch(/worker \S+ running/i)
    db = await openDatabase({ databaseUrl: database.url })

    const { access } = await apiSignIn('analyst', DEMO_PASSWORD, a.url)
    // 10,000 pages: a few seconds of reading, long enough to stop its worker in the middle.
    const archive = await upload(a, access, 'archive.pdf', 'application/pdf', hugePdf(10_000))
    const small = [
      await upload(
        a,
        access,
        'tables.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        corpusFile('docx/mammoth__tables.docx'),
      ),
      await upload(a, access, 'addresses.csv', 'text/csv', corpusFile('csv/csvspec__comma_in_quotes.csv')),
    ]
    const documentJobs = async () =>
      db!.db
        .select()
        .from(jobs)
        .where(inArray(sql<number>`(${jobs.payload}->>'documentId')::int`, [archive, ...small]))

    // The worker that claimed the archive is killed outright while it reads it.
    let claimedBy = ''
    await expect
      .poll(
        async () => {
          const job = (await documentJobs()).find((row) => row.payload.documentId === archive)
          claimedBy = job?.status === 'running' ? (job.lockedBy ?? '') : ''
          return claimedBy
        },
        { timeout: 60_000, intervals: [50] },
      )
      .not.toBe('')
    const victim = workers.find((worker) => claimedBy.startsWith(`${worker.child.pid}-`))
    expect(victim, `the job's claim ${claimedBy} names one of the two workers`).toBeDefined()
    victim!.child.kill('SIGKILL')
    await victim!.exited

    // Read through the other instance: everything was processed, the archive by the other worker.
    const status = async (id: number) =>
      ((await (await call(b, access, `/documents/${id}/`)).json()) as { processing_status: string }).processing_status
    for (const id of [archive, ...small]) await expect.poll(() => status(id), { timeout: 120_000 }).toBe('processed')
    const finished = await documentJobs()
    expect(finished.map((job) => job.status)).toEqual(finished.map(() => 'done'))
    // Each job was claimed once, but the archive's: by the worker that died, then once more.
    expect(finished.find((job) => job.payload.documentId === archive)!.attempts).toBe(2)
    for (const job of finished.filter((row) => row.payload.documentId !== archive)) expect(job.attempts).toBe(1)
    // Its text was indexed once: no chunk twice.
    const [chunks] = (await db.db.execute(
      sql`select count(*)::int as n, count(distinct chunk_index)::int as distinct_n from document_chunks where document_id = ${archive}`,
    )) as unknown as Array<{ n: number; distinct_n: number }>
    expect(chunks!.n).toBeGreaterThan(0)
    expect(chunks!.distinct_n).toBe(chunks!.n)

    // The files are in the bucket, not on either instance's disk; the other instance streams them back.
    expect((await bucket.keys()).length).toBeGreaterThanOrEqual(3)
    for (const dataDir of appDirs) expect(existsSync(path.join(dataDir, 'files'))).toBe(false)
    const download = await call(b, access, `/documents/${small[1]}/download/`)
    expect(download.status).toBe(200)
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(corpusFile('csv/csvspec__comma_in_quotes.csv'))

    const search = await call(b, access, '/search/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'archive' }),
    })
    expect(search.status).toBe(200)
    const found = (await search.json()) as { results: Array<{ document_id: number }> }
    expect(found.results.map((result) => result.document_id)).toContain(archive)

    const conversation = (await (
      await call(b, access, '/conversations/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Scale-out' }),
      })
    ).json()) as { id: number }
    const streamed = await call(b, access, `/conversations/${conversation.id}/add_message_streaming/?stream=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'What is the address of John Doe?' }),
    })
    expect(streamed.status).toBe(200)
    const events = (await streamed.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map(
        (line) =>
          JSON.parse(line.slice(6)) as {
            type: string
            message?: { document_references: Array<{ document_id: number }> }
          },
      )
    const final = events.at(-1)!
    expect(final.type).toBe('metadata')
    expect(final.message!.document_references.map((reference) => reference.document_id)).toContain(small[1])
  } finally {
    for (const worker of workers)
      if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM')
    await Promise.all(workers.map((worker) => worker.exited))
    await Promise.all(apps.map((app) => app.terminate()))
    await db?.close()
    await bucket.close()
    await database.close()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  }
})
