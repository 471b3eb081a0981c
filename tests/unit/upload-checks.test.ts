import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { parseWithZod } from '@conform-to/zod'
import { afterAll, describe, expect, it, vi } from 'vitest'

import { batchUploadSchema, SingleUploadSchema, singleUploadSchema } from '../../app/components/documents/upload-form'
import { stageUpload } from '../../app/http/uploads.server'
import { documentFileCheck, transcriptFileCheck } from '../../app/utils/file-checks'

const MB = 1024 * 1024
const file = (name: string, size: number) => new File([new Uint8Array(size)], name)
const form = (entries: Array<[string, string | File]>) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe("the browser's check of a document's file before it is sent", () => {
  const check = documentFileCheck(50)

  it("refuses a file over the page's limit, naming it in the backend's words", () => {
    expect(check({ name: 'big.pdf', size: 55 * MB })).toBe('"big.pdf" is larger than the 50 MB upload limit.')
    expect(check({ name: 'exact.pdf', size: 50 * MB })).toBeNull()
  })

  it("refuses a type the backend does not take, by the name's extension in any case", () => {
    expect(check({ name: 'notes.exe', size: 10 })).toBe(
      '"notes.exe" is not a supported file type. Upload PDF, DOC, DOCX, TXT, CSV, XLS or XLSX files.',
    )
    expect(check({ name: 'pdf', size: 10 })).toMatch(/^"pdf" is not a supported file type/)
    expect(check({ name: 'REPORT.XLSX', size: 10 })).toBeNull()
  })

  it('puts each refused file of a batch on the files field, once each', () => {
    const submission = parseWithZod(
      form([
        ['files', file('big.pdf', MB + 1)],
        ['files', file('fine.txt', 10)],
        ['files', file('notes.exe', 10)],
      ]),
      { schema: batchUploadSchema(documentFileCheck(1)) },
    )
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toEqual({
      files: [
        '"big.pdf" is larger than the 1 MB upload limit.',
        '"notes.exe" is not a supported file type. Upload PDF, DOC, DOCX, TXT, CSV, XLS or XLSX files.',
      ],
    })
  })

  it('puts the refusal of the single file on the file field, beside the other fields', () => {
    const submission = parseWithZod(form([['file', file('big.pdf', MB + 1)]]), {
      schema: singleUploadSchema(documentFileCheck(1)),
    })
    expect(submission.reply().error).toEqual({ file: ['"big.pdf" is larger than the 1 MB upload limit.'] })
  })

  it("is the browser's only: the server's parse leaves the file to the backend's checks", () => {
    const submission = parseWithZod(form([['file', file('notes.exe', 10)]]), { schema: SingleUploadSchema })
    expect(submission.status).toBe('success')
  })
})

describe("the browser's check of a meeting's transcript or recording before it is sent", () => {
  const check = transcriptFileCheck(50)

  it('takes a transcript up to 5 MB and a recording up to the page limit, refusing as the backend does', () => {
    expect(check({ name: 'call.vtt', size: 5 * MB })).toBeNull()
    expect(check({ name: 'call.vtt', size: 5 * MB + 1 })).toBe('call.vtt: the file is larger than 5 MB.')
    expect(check({ name: 'call.txt', size: 0 })).toBe('call.txt: the file is empty.')
    expect(check({ name: 'call.MP3', size: 40 * MB })).toBeNull()
    expect(check({ name: 'call.mp4', size: 50 * MB + 1 })).toBe('"call.mp4" is larger than the 50 MB upload limit.')
    expect(check({ name: 'minutes.pdf', size: 10 })).toBe(
      'minutes.pdf: upload a transcript as a WebVTT (.vtt), SRT (.srt) or text (.txt) file.',
    )
  })
})

describe('the web server staging an upload', () => {
  const temporary = mkdtempSync(path.join(tmpdir(), 'upload-checks-'))
  afterAll(() => rmSync(temporary, { recursive: true, force: true }))
  const stagedFiles = () =>
    readdirSync(temporary, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  const stage = async (entries: Array<[string, string | File]>) => {
    vi.stubEnv('SESSION_SECRET', 's'.repeat(32))
    vi.stubEnv('MAX_UPLOAD_MB', '1')
    vi.stubEnv('MAX_BATCH_FILES', '3')
    vi.stubEnv('DATA_DIR', temporary)
    const staged = await stageUpload(new Request('http://localhost/documents', { method: 'POST', body: form(entries) }))
    if ('malformed' in staged) throw new Error(staged.malformed)
    return staged
  }

  it('refuses a file over MAX_UPLOAD_MB naming it and its field, keeps nothing of it, and reads on', async () => {
    const staged = await stage([
      ['intent', 'upload-batch'],
      ['files', file('small.txt', 10)],
      ['files', file('big.pdf', MB + 1)],
      ['files', file('notes.exe', 10)],
      ['category', 'Legal & Tax'],
    ])
    // Issue 47 item 11: the files and fields after the big one are read, so every file can be judged.
    expect(staged.refused).toEqual([
      { kind: 'too-large', field: 'files', reason: '"big.pdf" is larger than the 1 MB upload limit.' },
    ])
    expect(staged.files.map((staged) => staged.name)).toEqual(['small.txt', 'notes.exe'])
    expect(staged.formData.get('category')).toBe('Legal & Tax')
    expect(stagedFiles()).toHaveLength(2)
    await staged.cleanup()
    expect(stagedFiles()).toEqual([])
  })

  it("keeps a refused single file in the form by its name, so the form's checks ask for no other, and reads the title after it", async () => {
    const staged = await stage([
      ['intent', 'upload'],
      ['file', file('big.pdf', MB + 1)],
      ['title', 'Lease, Quay Street'],
    ])
    expect(staged.files).toEqual([])
    expect(staged.refused.map((part) => part.reason)).toEqual(['"big.pdf" is larger than the 1 MB upload limit.'])
    const submission = parseWithZod(staged.formData, { schema: SingleUploadSchema })
    expect(submission.status).toBe('success')
    expect(submission.reply({ hideFields: ['file'] }).initialValue).toEqual({
      intent: 'upload',
      title: 'Lease, Quay Street',
    })
    await staged.cleanup()
  })

  it('says once that files past MAX_BATCH_FILES are too many, writing none of them, and reads the fields after', async () => {
    const staged = await stage([
      ['intent', 'upload-batch'],
      ...[1, 2, 3, 4, 5].map((index): [string, File] => ['files', file(`part-${index}.txt`, 10)]),
      ['category', 'Financial'],
    ])
    expect(staged.refused).toEqual([{ kind: 'too-many', field: 'files', reason: 'Upload at most 3 files at a time.' }])
    expect(staged.files).toHaveLength(3)
    expect(stagedFiles()).toHaveLength(3)
    expect(staged.formData.get('category')).toBe('Financial')
    await staged.cleanup()
  })
})
