import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, createTeam } from './support/api'
import { documentTitles, sparseFile, uploadProcessed } from './support/documents'
import { signInAs } from './support/fixtures'

// The refusals of a chosen file, the same sentence with JavaScript (the browser checks before sending)
// and without (the web server or the backend refuses the post): on the file field, naming the file.

const MAX_MB = 50 // the e2e server's MAX_UPLOAD_MB (its default)
const TOO_LARGE = `"big.pdf" is larger than the ${MAX_MB} MB upload limit.`
const WRONG_TYPE = '"notes.exe" is not a supported file type. Upload PDF, DOC, DOCX, TXT, CSV, XLS or XLSX files.'
const MISLABELLED = '"contract.docx" is not a Word document: its content is a PDF. Check the file and its extension.'
const EMPTY = '"empty.txt" is empty.'
const corpus = (file: string) => path.resolve('../shared/corpus/parsing', file)

// Files on disk, as Playwright takes a big one (and then every file of the same choice).
let folder: string
let big: string
let notesExe: string
let contractDocx: string
let emptyTxt: string
test.beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'upload-checks-'))
  big = sparseFile(path.join(folder, 'big.pdf'), MAX_MB * 1024 * 1024 + 1)
  const write = (name: string, content: Buffer) => {
    writeFileSync(path.join(folder, name), content)
    return path.join(folder, name)
  }
  notesExe = write('notes.exe', Buffer.from('MZ binary'))
  // A PDF named as a Word document: only the server, reading it, can tell.
  contractDocx = write('contract.docx', readFileSync(corpus('pdf/pdfjs__issue10900.pdf')))
  emptyTxt = write('empty.txt', Buffer.alloc(0))
})
test.afterAll(() => rmSync(folder, { recursive: true, force: true }))

async function signInToUpload(page: Page, label: string, mode: 'single' | 'batch' = 'single') {
  const { users, organization } = await createTeam(label, ['analyst'])
  const query = mode === 'batch' ? '?upload=true&mode=batch' : '?upload=true'
  await signInAs(page, users[0]!.username, users[0]!.password, { to: `/documents${query}` })
  return { user: users[0]!, organization }
}

/** Types a title, a description and a category into the single upload form. */
async function describeDocument(page: Page) {
  await page.getByLabel('Title').fill('Lease, Quay Street')
  await page.getByLabel('Description (optional)').fill('The ten-year lease of the office')
  await page.getByLabel('Category (optional)').selectOption('Legal & Tax')
}

/** What was typed is still there after the refusal (issue 47 item 11): only the file must be chosen again. */
async function expectDescriptionKept(page: Page) {
  await expect(page.getByLabel('Title')).toHaveValue('Lease, Quay Street')
  await expect(page.getByLabel('Description (optional)')).toHaveValue('The ten-year lease of the office')
  await expect(page.getByLabel('Category (optional)')).toHaveValue('Legal & Tax')
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
  test('over the size limit: refused on the file field, naming the file, what was typed kept, nothing stored', async ({
    page,
  }) => {
    // Without JavaScript the browser sends the 50 MB before the web server refuses it.
    test.slow()
    const { user, organization } = await signInToUpload(page, 'Big senders')
    await page.getByLabel('File', { exact: true }).setInputFiles(big)
    await describeDocument(page)
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expectRefusedOn(page, 'File', TOO_LARGE)
    await expectDescriptionKept(page)
    await expect(page.getByLabel('Title')).not.toHaveAttribute('aria-invalid')
    expect(await documentTitles(user, organization.slug)).toEqual([])
  })

  test('of a type not taken: refused on the file field, naming the file, what was typed kept, nothing stored', async ({
    page,
  }) => {
    const { user, organization } = await signInToUpload(page, 'Exe senders')
    await page.getByLabel('File', { exact: true }).setInputFiles(notesExe)
    await describeDocument(page)
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expectRefusedOn(page, 'File', WRONG_TYPE)
    await expectDescriptionKept(page)
    expect(await documentTitles(user, organization.slug)).toEqual([])
  })

  test('in a batch of refused files: every one named at once on the Files field, the category kept, nothing stored', async ({
    page,
  }) => {
    test.slow()
    const { user, organization } = await signInToUpload(page, 'Batch big senders', 'batch')
    // Issue 47 item 11: without JavaScript the big file was named, and the wrong type only on the next try.
    await page.getByLabel('Files').setInputFiles([big, notesExe])
    await page.getByLabel('Category (optional)').selectOption('Financial')
    await page.getByRole('button', { name: 'Upload Files' }).click()
    await expectRefusedOn(page, 'Files', TOO_LARGE)
    await expectRefusedOn(page, 'Files', WRONG_TYPE)
    await expect(page.getByLabel('Category (optional)')).toHaveValue('Financial')
    expect(await documentTitles(user, organization.slug)).toEqual([])
  })

  test('in a mixed batch: every refused file named at once, the good one stored', async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow()
    const { user, organization } = await signInToUpload(page, 'Batch mixers', 'batch')
    const files = [corpus('txt/gotext__candide-utf-8.txt'), contractDocx, emptyTxt]
    await page.getByLabel('Files').setInputFiles([big, notesExe, ...files])
    await page.getByRole('button', { name: 'Upload Files' }).click()
    if (javaScriptEnabled) {
      // The browser names what it can judge (names and sizes) before sending anything; the files left
      // are sent once those two are taken out.
      await expectRefusedOn(page, 'Files', TOO_LARGE)
      await expectRefusedOn(page, 'Files', WRONG_TYPE)
      expect(await documentTitles(user, organization.slug)).toEqual([])
      await page.getByLabel('Files').setInputFiles(files)
      await page.getByRole('button', { name: 'Upload Files' }).click()
    }
    // A batch keeps its good files and names each refused one (the backend's rule for partial batches),
    // whichever server refused it: without JavaScript the web server's size refusal joins the others.
    const toast = page.getByRole('status')
    await expect(toast).toContainText('1 document uploaded and queued for processing.')
    await expect(toast).toContainText(
      javaScriptEnabled
        ? `2 files were refused: ${MISLABELLED} ${EMPTY}`
        : `4 files were refused: ${TOO_LARGE} ${WRONG_TYPE} ${MISLABELLED} ${EMPTY}`,
    )
    expect(await documentTitles(user, organization.slug)).toEqual(['gotext__candide-utf-8'])
  })

  test('whose content only the server can judge: its refusal on the file field too, what was typed kept', async ({
    page,
  }) => {
    await signInToUpload(page, 'Mislabellers')
    await page.getByLabel('File', { exact: true }).setInputFiles(contractDocx)
    await describeDocument(page)
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expectRefusedOn(page, 'File', MISLABELLED)
    await expectDescriptionKept(page)
  })

  test('as a new version: its refusal on the file field, what was written of the change kept', async ({ page }) => {
    const { user, organization } = await signInToUpload(page, 'Versioners')
    const [lease] = await uploadProcessed(user, organization.slug, [
      { title: 'Lease, Quay Street', name: 'lease.txt', content: 'The lease of the office runs to 2031.\n' },
    ])
    await page.goto(`/documents/${lease!.id}?tab=versions`)
    await page.getByLabel('File', { exact: true }).setInputFiles(contractDocx)
    await page.getByLabel('What changed').fill('Signed copy from the landlord')
    await page.getByRole('button', { name: 'Upload version' }).click()
    await expectRefusedOn(page, 'File', MISLABELLED)
    await expect(page.getByLabel('What changed')).toHaveValue('Signed copy from the landlord')
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
