import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { documentOcrPages, documents, jobs, organizations } from '../../api/db/schema'
import { isRunning, readerProcesses } from '../support/reader-processes'
import { agreementPage, LETTER_OF_INTENT, letterOfIntentPdf, repeatedScanPdf, scannedPdf } from '../support/scanned-pdf'
import { demoAndHarbor, type Harness, type Session, signIn, startApi } from './support/harness'
import { processed, upload } from './support/uploads'

interface SearchResult {
  document_id: number
  page_number: number | null
  text: string
}

async function searchFor(api: Harness, session: Session, query: string, org?: string) {
  const response = await api.request('/search/', { method: 'POST', token: session.access, org, json: { query } })
  expect(response.status).toBe(200)
  return (await response.json()).results as SearchResult[]
}

const pageText = async (api: Harness, session: Session, id: number, page: number) =>
  (await (await api.request(`/documents/${id}/text/?page=${page}`, { token: session.access })).json()).page

describe('a scanned PDF through the real upload and processing pipeline', () => {
  let api: Harness
  let analyst: Session
  let member: Session
  let outsider: Session
  let harbor: string
  let id: number

  beforeAll(async () => {
    api = await startApi()
    ;({ analyst, member, outsider, harbor } = await demoAndHarbor(api))
    const response = await upload(api, analyst, {
      name: 'Northwind LOI (signed scan).pdf',
      bytes: await letterOfIntentPdf(),
    })
    expect(response.status).toBe(201)
    id = (await response.json()).id
    expect(await processed(api, analyst, id)).toMatchObject({ processing_status: 'processed', page_count: 3 })
  }, 120_000)
  afterAll(() => api.close())

  it('finds a sentence of a scanned page through /api/search/, with its page number', async () => {
    const [best] = await searchFor(api, member, 'how long does the escrow for the warranties last')
    expect(best).toMatchObject({ document_id: id, page_number: 2 })
    expect(best!.text).toContain('eight hundred thousand dollars stays in escrow for eighteen months')
    const [lease] = await searchFor(api, member, 'warehouse lease Quayside Road')
    expect(lease).toMatchObject({ document_id: id, page_number: 3 })
  })

  it('keeps the text layer of a typed page and marks the scanned ones as read by OCR, with confidence', async () => {
    const first = await pageText(api, member, id, 1)
    expect(first.ocr).toBeNull()
    expect(first.text).toContain('carries a real text layer')
    for (const number of [2, 3]) {
      const page = await pageText(api, member, id, number)
      expect(page.ocr.confidence).toBeGreaterThanOrEqual(80)
      expect(page.ocr.low).toBe(false)
      expect(page.text.replace(/\s+/g, ' ')).toContain(LETTER_OF_INTENT[number - 1]![0])
    }
    const { pages } = await (await api.request(`/documents/${id}/text/?page=1`, { token: member.access })).json()
    expect(pages.map((page: { ocr: unknown }) => page.ocr !== null)).toEqual([false, true, true])
  })

  it('leaves nothing of the run behind: the pages read are the version’s pages now', async () => {
    const [document] = await api.db.select().from(documents).where(eq(documents.id, id))
    expect(document).toMatchObject({ ocrPagesDone: 2, ocrPagesTotal: 2, extractionNote: null })
    expect(await api.db.select().from(documentOcrPages)).toEqual([])
    const payload = await (await api.request(`/documents/${id}/`, { token: member.access })).json()
    expect(payload.ocr_progress).toBeNull()
  })

  it('shows another organization none of it', async () => {
    expect(await searchFor(api, outsider, 'escrow for the warranties eighteen months', harbor)).toEqual([])
    const response = await api.request(`/documents/${id}/text/?page=2`, { token: outsider.access, org: harbor })
    expect(response.status).toBe(404)
  })

  it('reads the scans again on Reprocess', async () => {
    await api.db.update(documents).set({ ocrPagesDone: null }).where(eq(documents.id, id))
    const response = await api.request(`/documents/${id}/reprocess/`, { method: 'POST', token: analyst.access })
    expect(response.status).toBe(200)
    expect(await processed(api, analyst, id)).toMatchObject({ processing_status: 'processed' })
    const [document] = await api.db.select().from(documents).where(eq(documents.id, id))
    expect(document).toMatchObject({ ocrPagesDone: 2, ocrPagesTotal: 2 })
  }, 120_000)
})

describe('bounds on OCR', () => {
  it('reads at most OCR_MAX_PAGES scanned pages and says which were left', async () => {
    const api = await startApi({ OCR_MAX_PAGES: '1' })
    try {
      const analyst = await signIn(api, 'analyst')
      const created = await (await upload(api, analyst, { name: 'loi.pdf', bytes: await letterOfIntentPdf() })).json()
      const document = await processed(api, analyst, created.id)
      expect(document.processing_status).toBe('processed')
      expect(document.extraction_note).toBe(
        'Page 3 was not read: at most 1 scanned pages of a document are read by OCR.',
      )
      expect((await pageText(api, analyst, created.id, 2)).ocr).not.toBeNull()
      expect((await pageText(api, analyst, created.id, 3)).text).toBe('')
    } finally {
      await api.close()
    }
  }, 120_000)

  it('reads no scan with OCR=false, and says why a scan-only document has no text', async () => {
    const api = await startApi({ OCR: 'false' })
    try {
      const analyst = await signIn(api, 'analyst')
      const mixed = await (await upload(api, analyst, { name: 'loi.pdf', bytes: await letterOfIntentPdf() })).json()
      expect(await processed(api, analyst, mixed.id)).toMatchObject({
        processing_status: 'processed',
        extraction_note: 'Pages 2 and 3 are scans: reading scans by OCR is turned off on this server.',
      })
      const scanOnly = await (
        await upload(api, analyst, {
          name: 'scan.pdf',
          bytes: await scannedPdf([{ paragraphs: LETTER_OF_INTENT[1]! }]),
        })
      ).json()
      expect(await processed(api, analyst, scanOnly.id)).toMatchObject({
        processing_status: 'failed',
        failure_reason:
          'No text could be found in this document. Page 1 is a scan: reading scans by OCR is turned off on this server.',
      })
    } finally {
      await api.close()
    }
  }, 120_000)

  it('reads no scan when EXTRACTION_MEMORY_MB leaves no room to draw a page, and says so', async () => {
    const api = await startApi({ EXTRACTION_MEMORY_MB: '200' })
    try {
      const analyst = await signIn(api, 'analyst')
      const created = await (await upload(api, analyst, { name: 'loi.pdf', bytes: await letterOfIntentPdf() })).json()
      expect(await processed(api, analyst, created.id)).toMatchObject({
        processing_status: 'processed',
        extraction_note:
          'Pages 2 and 3 are scans: the memory allowed for reading a document is too small to read scans by OCR.',
      })
    } finally {
      await api.close()
    }
  }, 120_000)

  it('goes on in a further run when a run reaches the extraction time limit, each run within it', async () => {
    // A full page of an agreement takes 1.5 s to read on two fast idle cores and 2.7 s on one half as
    // fast, so 24 of them take more than one run's 22.5 s of OCR on any machine; each run starts
    // the reader, pdf.js and tesseract afresh, which a loaded machine (CI's other test files) took up
    // to 15 s for. Only the first run looks for the scans, decoding every page's picture (0.1 s a
    // page idle, three times that loaded): the runs after it are given them.
    const api = await startApi({ EXTRACTION_TIMEOUT_SECONDS: '25' })
    try {
      const analyst = await signIn(api, 'analyst')
      const count = 24
      const pages = Array.from({ length: count }, (_, index) => ({
        paragraphs: [
          `Schedule ${index + 1} lists the fixed assets of depot number ${index + 1}.`,
          ...agreementPage(index + 1).paragraphs,
        ],
      }))
      const created = await (
        await upload(api, analyst, { name: 'schedules.pdf', bytes: await scannedPdf(pages) })
      ).json()
      const document = await processed(api, analyst, created.id)
      expect(document).toMatchObject({ processing_status: 'processed', extraction_note: null })
      for (const number of [1, count]) {
        const page = await pageText(api, analyst, created.id, number)
        expect(page.ocr).not.toBeNull()
        expect(page.text).toContain(`depot number ${number}.`)
      }
      const runs = (await api.db.select().from(jobs).where(eq(jobs.kind, 'process-document')).orderBy(jobs.id))
        .map((job) => job.payload as { documentId: number; scans?: Array<{ pageNumber: number }> })
        .filter((payload) => payload.documentId === created.id)
      expect(runs.length).toBeGreaterThan(1)
      expect(runs[0]!.scans).toBeUndefined()
      for (const later of runs.slice(1))
        expect(later.scans?.map((scan) => scan.pageNumber)).toEqual(pages.map((_, index) => index + 1))
    } finally {
      await api.close()
    }
  }, 900_000)
})

describe('sharing OCR between organizations', () => {
  // `label` makes each file its own (the same bytes twice would be a duplicate).
  const exhibits = (count: number, label = '') =>
    scannedPdf(
      Array.from({ length: count }, (_, index) => ({
        paragraphs: [`Exhibit ${index + 1} of the data room.`, label],
      })),
    )
  const runsOf = async (api: Harness, documentId: number) =>
    (await api.db.select().from(jobs).where(eq(jobs.kind, 'process-document')).orderBy(jobs.id)).filter(
      (job) => (job.payload as { documentId: number }).documentId === documentId,
    )

  it('takes turns of OCR_RUN_SECONDS while another document waits, each page read once, and reads one alone in one run', async () => {
    // A second: every run reads the one page it always reads, and perhaps one more.
    const api = await startApi({ OCR_RUN_SECONDS: '1' })
    try {
      const analyst = await signIn(api, 'analyst')
      // The organization has one of the two slots: the second document waits for the first's.
      const ids: number[] = []
      for (const name of ['exhibits.pdf', 'schedules.pdf'])
        ids.push((await (await upload(api, analyst, { name, bytes: await exhibits(3, name) })).json()).id)
      for (const id of ids) {
        expect(await processed(api, analyst, id)).toMatchObject({
          processing_status: 'processed',
          extraction_note: null,
        })
        expect((await pageText(api, analyst, id, 3)).text).toContain('Exhibit 3 of the data room.')
        const runs = await runsOf(api, id)
        expect(runs.length).toBeGreaterThan(1)
        expect(runs.every((run) => run.status === 'done' && run.ocrPages >= 1)).toBe(true)
        expect(runs.reduce((sum, run) => sum + run.ocrPages, 0)).toBe(3)
      }

      // Nobody waits: its turn never ends.
      const alone = await (await upload(api, analyst, { name: 'alone.pdf', bytes: await exhibits(3, 'alone') })).json()
      expect(await processed(api, analyst, alone.id)).toMatchObject({ processing_status: 'processed' })
      expect((await runsOf(api, alone.id)).map((run) => run.ocrPages)).toEqual([3])
    } finally {
      await api.close()
    }
  }, 180_000)

  it("reads no more than an organization's pages a day, says which were left, and reads them once the day has passed", async () => {
    const api = await startApi({ OCR_PAGES_PER_ORGANIZATION_PER_DAY: '3', OCR_MAX_PAGES: '3' })
    try {
      const { analyst, outsider, harbor } = await demoAndHarbor(api)
      // Two scanned pages: one of the three left.
      const first = await (await upload(api, analyst, { name: 'loi.pdf', bytes: await letterOfIntentPdf() })).json()
      expect(await processed(api, analyst, first.id)).toMatchObject({
        processing_status: 'processed',
        extraction_note: null,
      })
      // A typed page and two scans: the first scan is read, the second is past the allowance.
      const mixed = scannedPdf([
        { kind: 'text', paragraphs: ['Schedule of the disclosed exhibits, typed.'] },
        { paragraphs: ['Exhibit 1 of the data room.'] },
        { paragraphs: ['Exhibit 2 of the data room.'] },
      ])
      const second = await (await upload(api, analyst, { name: 'schedule.pdf', bytes: await mixed })).json()
      expect(await processed(api, analyst, second.id)).toMatchObject({
        processing_status: 'processed',
        extraction_note:
          'Page 3 was not read by OCR: the organization reached its allowance of 3 scanned pages a day. Reprocess the document later to read them.',
      })
      expect((await pageText(api, analyst, second.id, 2)).text).toContain('Exhibit 1 of the data room.')
      expect((await pageText(api, analyst, second.id, 3)).text).toBe('')
      const read = await api.db.select({ pages: jobs.ocrPages }).from(jobs)
      expect(read.reduce((sum, job) => sum + job.pages, 0)).toBe(3)

      // Another organization's allowance is its own.
      const theirs = await (
        await upload(api, outsider, { name: 'loi.pdf', bytes: await letterOfIntentPdf() }, {}, harbor)
      ).json()
      await api.worker!.idle()
      const response = await api.request(`/documents/${theirs.id}/`, { token: outsider.access, org: harbor })
      expect(await response.json()).toMatchObject({ processing_status: 'processed', extraction_note: null })

      // A day later the pages read then no longer count: Reprocess reads the document whole.
      await api.db.update(jobs).set({ endedAt: sql`${jobs.endedAt} - interval '24 hours'` })
      await api.request(`/documents/${second.id}/reprocess/`, { method: 'POST', token: analyst.access })
      expect(await processed(api, analyst, second.id)).toMatchObject({
        processing_status: 'processed',
        extraction_note: null,
      })
      expect((await pageText(api, analyst, second.id, 3)).text).toContain('Exhibit 2 of the data room.')
    } finally {
      await api.close()
    }
  }, 180_000)

  it("gives its slot up when another organization's document waits, going on later from the pages read", async () => {
    // One slot, and runs that neither their slice nor their deadline would end before the hundred
    // pages are read: only giving way can let the other organization in before then.
    const api = await startApi({ JOB_CONCURRENCY: '1', OCR_RUN_SECONDS: '1800', EXTRACTION_TIMEOUT_SECONDS: '3600' })
    try {
      const { analyst, outsider, harbor } = await demoAndHarbor(api)
      const [demo] = await api.db.select().from(organizations).where(eq(organizations.slug, 'demo-advisory-group'))
      // The demo organization's jobs worked for an hour in the last minutes, much more than half a slice.
      await api.db.insert(jobs).values({
        kind: 'earlier-work',
        payload: {},
        organizationId: demo!.id,
        status: 'done',
        ranMs: 60 * 60 * 1000,
        endedAt: new Date(),
      })
      const archive = await (
        await upload(api, analyst, { name: 'archive.pdf', bytes: await repeatedScanPdf(100) })
      ).json()
      await vi.waitFor(async () => expect((await api.db.select().from(documentOcrPages)).length).toBeGreaterThan(0), {
        timeout: 60_000,
        interval: 50,
      })
      const note = await (
        await upload(api, outsider, { name: 'note.txt', bytes: 'The buyer asked for the accounts.' }, {}, harbor)
      ).json()
      await vi.waitFor(
        async () => {
          const response = await api.request(`/documents/${note.id}/`, { token: outsider.access, org: harbor })
          expect((await response.json()).processing_status).toBe('processed')
        },
        { timeout: 120_000, interval: 100 },
      )
      const [first, ...after] = await runsOf(api, archive.id)
      // The archive's first run ended after some of its pages, and another goes on from there.
      expect(first).toMatchObject({ status: 'done' })
      expect(first!.ocrPages).toBeGreaterThan(0)
      expect(first!.ocrPages).toBeLessThan(100)
      expect(after.length).toBeGreaterThan(0)
      await api.request(`/documents/${archive.id}/`, { method: 'DELETE', token: analyst.access })
      await api.worker!.idle()
    } finally {
      await api.close()
    }
  }, 180_000)

  it('stops reading the scans of a document deleted while OCR reads them, and leaves nothing behind', async () => {
    const api = await startApi()
    try {
      const analyst = await signIn(api, 'analyst')
      // A hundred pages: read to its end, the run would go on for minutes.
      const created = await (
        await upload(api, analyst, { name: 'archive.pdf', bytes: await repeatedScanPdf(100) })
      ).json()
      await vi.waitFor(async () => expect((await api.db.select().from(documentOcrPages)).length).toBeGreaterThan(0), {
        timeout: 60_000,
        interval: 50,
      })
      const readers = readerProcesses()
      expect(readers).toHaveLength(1)

      const deleted = await api.request(`/documents/${created.id}/`, { method: 'DELETE', token: analyst.access })
      expect(deleted.status).toBe(204)
      // The reader is stopped at the next page it reads, not at the end of the run.
      await vi.waitFor(() => expect(isRunning(readers[0]!)).toBe(false), { timeout: 20_000, interval: 50 })
      await api.worker!.idle()
      const runs = await runsOf(api, created.id)
      // Ended quietly, as done, and queued nothing after it.
      expect(runs.map((run) => ({ status: run.status, lastError: run.lastError }))).toEqual([
        { status: 'done', lastError: null },
      ])
      expect(runs[0]!.ocrPages).toBeGreaterThan(0)
      expect(await api.db.select().from(documentOcrPages)).toEqual([])
      expect(readerProcesses()).toEqual([])
    } finally {
      await api.close()
    }
  }, 120_000)
})

describe('a restart in the middle of OCR', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-ocr-resume-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('takes the pages already read and reads only the rest', async () => {
    const first = await startApi({}, { dataDir, persistent: true })
    const analyst = await signIn(first, 'analyst')
    const pages = Array.from({ length: 10 }, (_, index) => ({
      paragraphs: [`Exhibit ${index + 1} of the disclosure letter.`],
    }))
    const created = await (
      await upload(first, analyst, { name: 'exhibits.pdf', bytes: await scannedPdf(pages) })
    ).json()
    const [kept] = await vi.waitFor(
      async () => {
        const kept = await first.db.select().from(documentOcrPages)
        expect(kept.length).toBeGreaterThan(0)
        return kept
      },
      { timeout: 60_000, interval: 50 },
    )
    const progress = await (await first.request(`/documents/${created.id}/`, { token: analyst.access })).json()
    expect(progress).toMatchObject({ processing_status: 'processing', ocr_progress: { pages_total: 10 } })
    expect(progress.ocr_progress.pages_done).toBeGreaterThan(0)
    // What this life read is marked, so the next one shows whether it read the page again.
    await first.db
      .update(documentOcrPages)
      .set({ text: 'Read before the restart.' })
      .where(and(eq(documentOcrPages.versionId, kept!.versionId), eq(documentOcrPages.pageNumber, kept!.pageNumber)))
    await first.close({ keepData: true })

    const third = await startApi({}, { dataDir, persistent: true })
    try {
      const session = await signIn(third, 'analyst')
      expect(await processed(third, session, created.id)).toMatchObject({ processing_status: 'processed' })
      expect((await pageText(third, session, created.id, kept!.pageNumber)).text).toBe('Read before the restart.')
      expect((await pageText(third, session, created.id, 10)).text).toContain('Exhibit 10 of the disclosure letter.')
    } finally {
      await third.close({ keepData: true })
    }
  }, 120_000)
})
