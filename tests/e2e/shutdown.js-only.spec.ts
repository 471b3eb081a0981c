// Runs once (the js-off project skips *.js-only specs): it drives its own server processes, no page.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { openDatabase } from '../../api/db/client'
import { jobs } from '../../api/db/schema'
import { corpusFile } from '../api/support/uploads'
import { hugePdf } from '../support/huge-pdf'
import { api, apiSignIn } from './support/api'
import { DEMO_PASSWORD } from './support/fixtures'
import { type AppProcess, startApp } from './support/server'

interface Caller {
  app: AppProcess
  token: string
  organization?: string
}

async function upload({ app, token, organization }: Caller, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const body = new FormData()
  body.append('file', new Blob([bytes], { type: 'application/pdf' }), name)
  const response = await fetch(`${app.url}/api/documents/`, {
    method: 'POST',
    headers: headers({ app, token, organization }),
    body,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: number }).id
}

async function documentStatus(caller: Caller, id: number) {
  const response = await fetch(`${caller.app.url}/api/documents/${id}/`, { headers: headers(caller) })
  const { processing_status, failure_reason } = (await response.json()) as {
    processing_status: string
    failure_reason: string | null
  }
  return { processing_status, failure_reason }
}

const headers = ({ token, organization }: Caller) => ({
  authorization: `Bearer ${token}`,
  ...(organization ? { 'x-organization': organization } : {}),
})

test("SIGTERM while a huge PDF is read exits within 10 seconds and the next start reads it again; another organization's small PDF does not wait for it", async () => {
  test.setTimeout(300_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planner-e2e-shutdown-'))
  let app: AppProcess | undefined
  try {
    app = await startApp(dataDir)
    const analyst: Caller = { app, token: (await apiSignIn('analyst', DEMO_PASSWORD, app.url)).access }
    // 300,000 pages sharing one content stream: a small file that pdf.js reads for minutes.
    const archive = hugePdf(300_000)
    expect(archive.byteLength).toBeLessThan(50 * 1024 * 1024) // MAX_UPLOAD_MB
    const id = await upload(analyst, 'archive.pdf', archive)
    await expect
      .poll(async () => (await documentStatus(analyst, id)).processing_status, { timeout: 30_000 })
      .toBe('processing')

    await test.step("another organization's small PDF is processed while the archive is read", async () => {
      const admin = (await apiSignIn('admin', DEMO_PASSWORD, app!.url)).access
      const harbor = await api<{ slug: string }>('POST', '/organizations/', {
        token: admin,
        body: { name: 'Harbor Capital' },
        base: app!.url,
      })
      const other: Caller = { app: app!, token: admin, organization: harbor.slug }
      const small = await upload(other, 'tracemonkey.pdf', corpusFile('pdf/pdfjs__tracemonkey.pdf'))
      await expect
        .poll(async () => (await documentStatus(other, small)).processing_status, { timeout: 60_000 })
        .toBe('processed')
      expect((await documentStatus(analyst, id)).processing_status).toBe('processing')
    })

    await test.step('SIGTERM in the middle of reading the archive exits within 10 seconds', async () => {
      const stopped = await app!.terminate()
      app = undefined
      expect(stopped.code).toBe(0)
      expect(stopped.exitMs).toBeLessThan(10_000)
    })

    await test.step('the next start reads the archive again and ends it by the normal path', async () => {
      // A short deadline this time, so the resumed reading ends quickly, as a failure with its
      // reason; the reason naming 3 seconds shows this process read it.
      app = await startApp(dataDir, { EXTRACTION_TIMEOUT_SECONDS: '3' })
      const again: Caller = { app, token: (await apiSignIn('analyst', DEMO_PASSWORD, app.url)).access }
      await expect
        .poll(() => documentStatus(again, id), { timeout: 60_000 })
        .toEqual({
          processing_status: 'failed',
          failure_reason: 'Reading this document took longer than 3 seconds and was stopped.',
        })
      expect((await app.terminate()).code).toBe(0)
      app = undefined

      // The stop handed the job back without counting it: the run after the restart was its first attempt.
      const database = await openDatabase({ dataDir })
      try {
        const rows = await database.db.select().from(jobs)
        expect(rows.find((job) => job.payload.documentId === id)).toMatchObject({ status: 'done', attempts: 1 })
      } finally {
        await database.close()
      }
    })
  } finally {
    await app?.terminate()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
