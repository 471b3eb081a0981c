import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, createTeam } from './support/api'
import { documentTitles, sparseFile } from './support/documents'
import { expectNoAxeViolations, signInAs } from './support/fixtures'

// What JavaScript adds to the upload forms: files are checked before anything is sent (and stay
// chosen), and the upload shows how much of it has been sent.

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

  test('show how much of the upload has been sent, then go on as the form post would', async ({ page }) => {
    await signInToUpload(page, 'Slow senders')
    // The upload slowed to 256 KB/s by the browser's own network emulation: 2 MB take about 8 s, so
    // the progress is seen between its ends without any waiting on time.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    })
    // A PDF by its first bytes, as the backend checks on arrival; its processing fails later, which is no matter here.
    const buffer = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * MB, 0x20)])
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'big-report.pdf', mimeType: 'application/pdf', buffer })
    await page.getByRole('button', { name: 'Upload Document' }).click()

    const bar = page.getByRole('progressbar', { name: 'Uploading big-report.pdf' })
    await expect(bar).toHaveAttribute('max', '100')
    // Partway: more than nothing, less than all.
    await expect(bar).toHaveAttribute('value', /^[1-9]\d?$/)
    await expect(page.getByText(/^Uploading big-report\.pdf: [1-9]\d?%$/)).toBeVisible()
    // The live region speaks at each quarter only.
    await expect(page.locator('[aria-live="polite"]', { hasText: 'Uploading big-report.pdf' })).toHaveText(
      /^Uploading big-report\.pdf: (0|25|50|75)%$/,
    )
    await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled()

    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await expect(page.getByRole('status').getByText('"big-report" uploaded. It is being processed.')).toBeVisible({
      timeout: 30_000,
    })
    await expect(page).toHaveURL(/\/documents$/)
    await expect(bar).toHaveCount(0)
  })
})

test('the transcript form with JavaScript refuses a transcript over 5 MB before sending it', async ({ page }) => {
  const { users } = await createTeam('Checked talkers', ['analyst'])
  const { access } = await apiSignIn(users[0]!.username, users[0]!.password)
  const meeting = await api<{ id: string }>('POST', '/meetings/', {
    token: access,
    body: { title: 'Checked call', date: '2026-11-18T15:00:00Z', duration: 30, participants: [] },
  })
  await signInAs(page, users[0]!.username, users[0]!.password, { to: `/transcriptions/${meeting.id}` })
  const posts = watchPosts(page)
  const input = page.getByLabel('Transcript file')
  await input.setInputFiles({ name: 'long.vtt', mimeType: 'text/vtt', buffer: Buffer.alloc(5 * MB + 1, 'WEBVTT\n') })
  await page.getByRole('button', { name: 'Upload Transcript' }).click()
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(input).toHaveAccessibleDescription(/long\.vtt: the file is larger than 5 MB\./)
  expect(await input.evaluate((element: HTMLInputElement) => element.files?.[0]?.name)).toBe('long.vtt')
  expect(posts).toEqual([])
})
