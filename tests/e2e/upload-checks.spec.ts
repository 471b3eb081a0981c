import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, createTeam } from './support/api'
import { documentTitles, sparseFile } from './support/documents'
import { signInAs } from './support/fixtures'

// The refusals of a chosen file, the same sentence with JavaScript (the browser checks before sending)
// and without (the web server or the backend refuses the post): on the file field, naming the file.

const MAX_MB = 50 // the e2e server's MAX_UPLOAD_MB (its default)
const TOO_LARGE = `"big.pdf" is larger than the ${MAX_MB} MB upload limit.`
const WRONG_TYPE = '"notes.exe" is not a supported file type. Upload PDF, DOC, DOCX, TXT, CSV, XLS or XLSX files.'
const corpus = (file: string) => path.resolve('../shared/corpus/parsing', file)

let folder: string
let big: string
test.beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'upload-checks-'))
  big = sparseFile(path.join(folder, 'big.pdf'), MAX_MB * 1024 * 1024 + 1)
})
test.afterAll(() => rmSync(folder, { recursive: true, force: true }))

async function signInToUpload(page: Page, label: string, mode: 'single' | 'batch' = 'single') {
  const { users, organization } = await createTeam(label, ['analyst'])
  const query = mode === 'batch' ? '?upload=true&mode=batch' : '?upload=true'
  await signInAs(page, users[0]!.username, users[0]!.password, { to: `/documents${query}` })
  return { user: users[0]!, organization }
}

/** The file input shows `message` as its error: marked invalid and described by the error list. */
async function expectRefusedOn(page: Page, label: string, message: string) {
  const input = page.getByLabel(label, { exact: true })
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  const errorId = (await input.getAttribute('aria-describedby'))?.split(' ')[0]
  expect(errorId).toBeTruthy()
  await expect(page.locator(`[id="${errorId}"]`)).toContainText(message)
}

test.describe('a chosen file the upload refuses', () => {
  test('over the size limit: refused on the file field, naming the file, nothing stored', async ({ page }) => {
    // Without JavaScript the browser sends the 50 MB before the web server refuses it.
    test.slow()
    const { user, organization } = await signInToUpload(page, 'Big senders')
    await page.getByLabel('File', { exact: true }).setInputFiles(big)
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expectRefusedOn(page, 'File', TOO_LARGE)
    expect(await documentTitles(user, organization.slug)).toEqual([])
  })

  test('of a type not taken: refused on the file field, naming the file, nothing stored', async ({ page }) => {
    const { user, organization } = await signInToUpload(page, 'Exe senders')
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ binary') })
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expectRefusedOn(page, 'File', WRONG_TYPE)
    expect(await documentTitles(user, organization.slug)).toEqual([])
  })

  test('in a batch: each refused file named on the Files field, nothing stored', async ({ page }) => {
    test.slow()
    const { user, organization } = await signInToUpload(page, 'Batch big senders', 'batch')
    await page.getByLabel('Files').setInputFiles([corpus('txt/gotext__candide-utf-8.txt'), big])
    await page.getByRole('button', { name: 'Upload Files' }).click()
    await expectRefusedOn(page, 'Files', TOO_LARGE)
    expect(await documentTitles(user, organization.slug)).toEqual([])
  })

  test('whose content only the server can judge: its refusal on the file field too', async ({ page }) => {
    await signInToUpload(page, 'Mislabellers')
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'contract.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: readFileSync(corpus('pdf/pdfjs__issue10900.pdf')),
    })
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expectRefusedOn(
      page,
      'File',
      '"contract.docx" is not a Word document: its content is a PDF. Check the file and its extension.',
    )
  })
})

test.describe("a meeting's transcript file the upload refuses", () => {
  test('over 5 MB: refused on the file field, naming the file', async ({ page }) => {
    const { users } = await createTeam('Long talkers', ['analyst'])
    const { access } = await apiSignIn(users[0]!.username, users[0]!.password)
    const meeting = await api<{ id: string }>('POST', '/meetings/', {
      token: access,
      body: { title: 'Long call', date: '2026-11-18T15:00:00Z', duration: 30, participants: [] },
    })
    await signInAs(page, users[0]!.username, users[0]!.password, { to: `/transcriptions/${meeting.id}` })
    await page.getByLabel('Transcript file').setInputFiles({
      name: 'long.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'Nina Park: Yes.\n'),
    })
    await page.getByRole('button', { name: 'Upload Transcript' }).click()
    await expectRefusedOn(page, 'Transcript file', 'long.txt: the file is larger than 5 MB.')
  })
})
