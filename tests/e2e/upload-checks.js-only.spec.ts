import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { createTeam } from './support/api'
import { documentTitles, sparseFile } from './support/documents'
import { expectNoAxeViolations, signInAs } from './support/fixtures'

// What JavaScript adds to the upload forms: files are checked before anything is sent (and stay chosen).

const MB = 1024 * 1024

let folder: string
let big: string
test.beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'upload-checks-js-'))
  // One byte over the e2e server's MAX_UPLOAD_MB (its default, 50).
  big = sparseFile(path.join(folder, 'big.pdf'), 50 * MB + 1)
})
test.afterAll(() => rmSync(folder, { recursive: true, force: true }))

async function signInToUpload(page: Page, label: string) {
  const { users, organization } = await createTeam(label, ['analyst'])
  await signInAs(page, users[0]!.username, users[0]!.password, { to: '/documents?upload=true' })
  return { user: users[0]!, organization }
}

/** The POSTs the page makes from now on. */
function watchPosts(page: Page) {
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  return posts
}

test.describe('the upload forms with JavaScript', () => {
  test('refuse a wrong file before sending it, keep it chosen, and send a good one', async ({ page }) => {
    const { user, organization } = await signInToUpload(page, 'Checked senders')
    const posts = watchPosts(page)
    const input = page.getByLabel('File', { exact: true })
    await input.setInputFiles({ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') })
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expect(page.locator('#upload-single-file-error')).toHaveText(
      '"notes.exe" is not a supported file type. Upload PDF, DOC, DOCX, TXT, CSV, XLS or XLSX files.',
    )
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAttribute('aria-describedby', 'upload-single-file-error')
    expect(await input.evaluate((element: HTMLInputElement) => element.files?.[0]?.name)).toBe('notes.exe')
    await expectNoAxeViolations(page)
    expect(posts).toEqual([])

    // Another choice is checked as it is made: the error goes, and the upload goes through.
    await input.setInputFiles({ name: 'minutes.txt', mimeType: 'text/plain', buffer: Buffer.from('Board minutes.') })
    await expect(page.locator('#upload-single-file-error')).toHaveCount(0)
    await expect(input).not.toHaveAttribute('aria-invalid', 'true')
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expect(page.getByRole('status').getByText('"minutes" uploaded. It is being processed.')).toBeVisible()
    await expect(page).toHaveURL(/\/documents$/)
    expect(await documentTitles(user, organization.slug)).toEqual(['minutes'])
  })

  test('refuse the wrong files of a batch before sending any, naming each on the field', async ({ page }) => {
    const { users } = await createTeam('Checked batchers', ['analyst'])
    await signInAs(page, users[0]!.username, users[0]!.password, { to: '/documents?upload=true&mode=batch' })
    const posts = watchPosts(page)
    const input = page.getByLabel('Files')
    const fine = path.join(folder, 'fine.txt')
    const odd = path.join(folder, 'odd.exe')
    writeFileSync(fine, 'Fine.')
    writeFileSync(odd, 'MZ')
    await input.setInputFiles([fine, big, odd])
    await page.getByRole('button', { name: 'Upload Files' }).click()
    await expect(page.locator('#upload-batch-files-error li')).toHaveText([
      '"big.pdf" is larger than the 50 MB upload limit.',
      '"odd.exe" is not a supported file type. Upload PDF, DOC, DOCX, TXT, CSV, XLS or XLSX files.',
    ])
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(await input.evaluate((element: HTMLInputElement) => element.files?.length)).toBe(3)
    await expectNoAxeViolations(page)
    expect(posts).toEqual([])
  })
})
