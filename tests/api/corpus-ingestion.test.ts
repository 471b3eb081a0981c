import { readFileSync } from 'node:fs'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { documentChunks, documents } from '../../api/db/schema'
import { FACTS_READER } from '../../api/facts/read-facts'
import { characterErrorRate, wordRecall } from '../support/ocr-accuracy'
import { residentMemoryWithChildrenMb } from '../support/reader-processes'
import { type Harness, type Session, signIn, startApi } from './support/harness'
import { CORPUS, corpusFile, upload } from './support/uploads'

interface ManifestFile {
  file: string
  type: string
  expect: 'extract' | 'extract-hard' | 'partial' | 'empty' | 'fail'
  known_text: string[]
}

const manifest: ManifestFile[] = JSON.parse(readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8')).files

/**
 * Hard cases our extractors do not get right yet, each with why. The test fails when one starts
 * working, so the list only shrinks.
 */
const KNOWN_GAPS: Record<string, string> = {
  'pdf/pdfjs__ArabicCIDTrueType.pdf': 'pdf.js gives Arabic words in visual order with broken lam-alef ligatures',
  'pdf/pdfjs__90ms_rksj_h_sample.pdf': 'pdf.js decodes the 90ms-RKSJ-H Japanese line as mojibake',
}

/**
 * Scans the manifest lists as having no text, which OCR now reads, each with the reference text of
 * its page. The handwritten and blank PDFs stay without text: OCR reads only pages that are pictures.
 */
const READ_BY_OCR: Record<string, string> = {
  'pdf/ocrmypdf__linn.pdf': 'expected/pdf/ocrmypdf__linn.txt',
}

const normalise = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ')
// A CSV file's rows are stored as a sheet's, cells joined by " | " (api/ingest/extractors/delimited.ts):
// a snippet spanning cells is looked for with the file's own delimiter between them. A PDF table's
// rows are stored the same way (api/ingest/extractors/pdf-text.ts); its page shows spaces there.
const holds = (entry: ManifestFile, text: string, snippet: string) =>
  (entry.type === 'csv'
    ? [',', ';', '\t'].map((delimiter) => text.replaceAll(' | ', delimiter))
    : entry.type === 'pdf'
      ? [text.replaceAll(' | ', ' ')]
      : []
  )
    .concat(text)
    .some((candidate) => candidate.includes(normalise(snippet)))

let api: Harness
let analyst: Session
// MB, of this process and the reader processes it starts.
let peakRss = 0
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, residentMemoryWithChildrenMb())
}, 20)
const results = new Map<string, { id: number; status: string; reason: string | null; text: string }>()

beforeAll(async () => {
  api = await startApi({ JOB_CONCURRENCY: '2' })
  analyst = await signIn(api, 'analyst')
  const ids = new Map<string, number>()
  for (const entry of manifest) {
    const response = await upload(api, analyst, { name: path.basename(entry.file), bytes: corpusFile(entry.file) })
    expect(response.status, `${entry.file}: ${await response.clone().text()}`).toBe(201)
    ids.set(entry.file, (await response.json()).id)
  }
  await api.worker!.idle()
  for (const [file, id] of ids) {
    const document = await (await api.request(`/documents/${id}/`, { token: analyst.access })).json()
    const pages: string[] = []
    const first = await (await api.request(`/documents/${id}/text/?page=1`, { token: analyst.access })).json()
    for (const page of first.pages as Array<{ number: number }>) {
      const body = await (
        await api.request(`/documents/${id}/text/?page=${page.number}`, { token: analyst.access })
      ).json()
      pages.push(body.page.text)
    }
    results.set(file, {
      id,
      status: document.processing_status,
      reason: document.failure_reason,
      text: normalise(pages.join('\n')),
    })
  }
}, 300_000)

afterAll(async () => {
  clearInterval(sampler)
  console.log(`corpus ingestion: ${manifest.length} files, peak RSS ${peakRss.toFixed(0)} MB`)
  await api.close()
})

describe('the parsing corpus through the real upload and processing pipeline', () => {
  for (const entry of manifest.filter((file) => file.expect === 'extract' || file.expect === 'extract-hard')) {
    it(`${entry.file} is processed and holds its known text`, () => {
      const result = results.get(entry.file)!
      expect(result.status, result.reason ?? '').toBe('processed')
      const missing = entry.known_text.filter((snippet) => !holds(entry, result.text, snippet))
      if (KNOWN_GAPS[entry.file])
        expect(missing.length, `${entry.file} now extracts; remove it from KNOWN_GAPS`).toBeGreaterThan(0)
      else expect(missing).toEqual([])
    })
  }

  it('has the figures of every processed file read by the fact readers, none failing on it', async () => {
    const processed = [...results.values()].filter((result) => result.status === 'processed')
    expect(processed.length).toBeGreaterThan(0)
    for (const result of processed) {
      const [document] = await api.db.select().from(documents).where(eq(documents.id, result.id))
      expect(document!.factsReader, `document ${result.id}`).toBe(FACTS_READER)
    }
  })

  for (const [file, reference] of Object.entries(READ_BY_OCR)) {
    it(`${file} is read by OCR: at least 90% of the words of its reference text`, () => {
      const result = results.get(file)!
      expect(result.status, result.reason ?? '').toBe('processed')
      const expected = readFileSync(path.join(CORPUS, reference), 'utf8')
      const recall = wordRecall(expected, result.text)
      console.log(
        `${file}: word recall ${(recall * 100).toFixed(1)}%, character error rate ${(characterErrorRate(expected, result.text) * 100).toFixed(2)}%`,
      )
      expect(recall).toBeGreaterThanOrEqual(0.9)
    })
  }

  for (const entry of manifest.filter(
    (file) => (file.expect === 'fail' || file.expect === 'empty') && !READ_BY_OCR[file.file],
  )) {
    it(`${entry.file} fails with a reason, and no chunks`, async () => {
      const result = results.get(entry.file)!
      expect(result.status).toBe('failed')
      expect(result.reason).toMatch(entry.expect === 'empty' ? /No text could be found/ : /password protected|damaged/)
      expect(await api.db.select().from(documentChunks).where(eq(documentChunks.documentId, result.id))).toEqual([])
    })
  }

  for (const entry of manifest.filter((file) => file.expect === 'partial')) {
    it(`${entry.file} ends processed or failed with a reason, never stuck`, () => {
      const result = results.get(entry.file)!
      if (result.status === 'failed') expect(result.reason).toBeTruthy()
      else expect(result.status).toBe('processed')
    })
  }

  it('says which password-protected files need their password removed', () => {
    expect(results.get('pdf/pdfjs__issue6010_1.pdf')!.reason).toBe(
      'This PDF is password protected. Remove the password and upload it again.',
    )
    expect(results.get('xls/sheetjs__password_2002_40_xor.xls')!.reason).toBe(
      'This workbook is password protected. Remove the password and upload it again.',
    )
  })

  it('keeps memory bounded', () => {
    expect(peakRss).toBeLessThan(1536)
  })
})
