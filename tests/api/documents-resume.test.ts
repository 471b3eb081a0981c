import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'

import { documents, jobs } from '../../api/db/schema'
import { createJobQueue } from '../../api/jobs/queue'
import { signIn, startApi } from './support/harness'
import { corpusFile, upload } from './support/uploads'

const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-resume-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('a worker killed mid-job', () => {
  it('leaves the document resumable, and it ends processed after a restart', async () => {
    // First life: no worker runs; a "worker" claims the job and dies while the document is processing.
    const first = await startApi({ JOB_WORKER: 'false' }, { dataDir, persistent: true })
    const analyst = await signIn(first, 'analyst')
    const created = await (
      await upload(first, analyst, { name: 'tracemonkey.pdf', bytes: corpusFile('pdf/pdfjs__tracemonkey.pdf') })
    ).json()
    const claimed = await createJobQueue(first.db, { leaseSeconds: 3600 }).claim()
    expect(claimed).toMatchObject({ status: 'running', payload: { documentId: created.id } })
    await first.db.update(documents).set({ processingStatus: 'processing' }).where(eq(documents.id, created.id))
    await first.close({ keepData: true })

    // Second life on the same data: the job is taken up again and finishes.
    const second = await startApi({}, { dataDir, persistent: true })
    try {
      await second.worker!.idle()
      const [document] = await second.db.select().from(documents).where(eq(documents.id, created.id))
      expect(document).toMatchObject({ processingStatus: 'processed', pageCount: 14 })
      const [job] = await second.db.select().from(jobs).where(eq(jobs.id, claimed!.id))
      expect(job).toMatchObject({ status: 'done', attempts: 2 })
    } finally {
      await second.close({ keepData: true })
    }
    // Two backends start on a database on disk and one reads a 14-page PDF: 29 s on a loaded machine.
  }, 120_000)
})

describe('the job lease', () => {
  it('lets another worker take a job whose worker stopped renewing it', async () => {
    const api = await startApi({ JOB_WORKER: 'false' })
    try {
      const crashed = createJobQueue(api.db, { leaseSeconds: 1 })
      const survivor = createJobQueue(api.db, { leaseSeconds: 60 })
      const job = await crashed.enqueue('noop', {})
      expect((await crashed.claim())!.id).toBe(job.id)
      expect(await survivor.claim()).toBeNull()
      await api.db
        .update(jobs)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job.id))
      expect(await survivor.claim()).toMatchObject({ id: job.id, attempts: 2, lockedBy: survivor.workerId })
    } finally {
      await api.close()
    }
  })
})
