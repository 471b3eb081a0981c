import { readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { apiSignIn, createTeam } from './support/api'
import { uploadDocument, waitUntilStatus } from './support/documents'
import { signInAs } from './support/fixtures'

const CORPUS = path.resolve('../shared/corpus/parsing')
const corpus = (file: string) => path.join(CORPUS, file)

/** A fresh organization with one analyst, signed in: its document list starts empty. */
async function signInToEmptyOrganization(page: Page, label: string) {
  const { users, organization } = await createTeam(label, ['analyst'])
  await signInAs(page, users[0]!.username, users[0]!.password)
  return organization
}

async function uploadSingle(page: Page, file: string, title?: string) {
  await page.goto('/documents?upload=true')
  await page.getByLabel('File', { exact: true }).setInputFiles(file)
  if (title !== undefined) await page.getByLabel('Title').fill(title)
  await page.getByRole('button', { name: 'Upload Document' }).click()
}

/** Uploads and waits for the redirect back to the list that a stored upload ends with. */
async function uploadAndWait(page: Page, file: string, title: string) {
  await uploadSingle(page, file, title)
  await expect(page.getByRole('status').getByText(`"${title}" uploaded. It is being processed.`)).toBeVisible()
  await waitUntilProcessed(page)
}

/** Reloads the list until no document is pending or processing (the worker runs in the server). */
async function waitUntilProcessed(page: Page) {
  await expect(async () => {
    await page.reload()
    await expect(page.locator('.document-list .status-pending, .document-list .status-processing')).toHaveCount(0)
  }).toPass({ timeout: 30_000 })
}

const item = (page: Page, title: string) =>
  page.locator('.document-item', { has: page.getByRole('link', { name: title, exact: true }) })

test.describe('documents', () => {
  test('shows the empty state, validates the single upload and uploads one document', async ({ page }) => {
    const organization = await signInToEmptyOrganization(page, 'Uploaders')
    await page.goto('/documents')
    await expect(page.getByRole('main').getByText(organization.name)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No documents found' })).toBeVisible()
    await expect(page.getByText('Upload documents to get started with your analysis.')).toBeVisible()

    await page.getByRole('link', { name: 'Upload Document' }).click()
    await expect(page).toHaveURL(/upload=true/)
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expect(page.getByText('Please select a file to upload')).toBeVisible()
    await expect(page.getByLabel('File', { exact: true })).toHaveAttribute('aria-invalid', 'true')

    await uploadAndWait(page, corpus('pdf/pdfjs__basicapi.pdf'), 'Quarterly valuation memo')
    const row = item(page, 'Quarterly valuation memo')
    await expect(row.locator('.status')).toHaveText('Processed')
    await expect(row).toContainText('103.3 KB')
    await expect(row).toContainText('Valuation')
  })

  test('refuses a PDF named .docx with a message naming the file', async ({ page }) => {
    await signInToEmptyOrganization(page, 'Mislabels')
    await page.goto('/documents?upload=true')
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'contract.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: readFileSync(corpus('pdf/pdfjs__issue10900.pdf')),
    })
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expect(
      page.getByText('"contract.docx" is not a Word document: its content is a PDF. Check the file and its extension.'),
    ).toBeVisible()
  })

  test('uploads a batch, names the refused file, filters by status and category, searches', async ({ page }) => {
    await signInToEmptyOrganization(page, 'Batchers')
    await page.goto('/documents?upload=true&mode=batch')
    await page.getByRole('button', { name: 'Upload Files' }).click()
    await expect(page.getByText('Please select at least one file to upload')).toBeVisible()
    const file = (name: string) => ({
      name: path.basename(name),
      mimeType: 'application/octet-stream',
      buffer: readFileSync(corpus(name)),
    })
    await page
      .getByLabel('Files')
      .setInputFiles([
        file('csv/sp500__constituents.csv'),
        file('txt/gotext__candide-utf-8.txt'),
        file('pdf/pdfjs__empty.pdf'),
        { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('these are plain notes, not a PDF') },
      ])
    await page.getByRole('button', { name: 'Upload Files' }).click()
    await expect(page.getByRole('status')).toContainText('3 documents uploaded and queued for processing.')
    await expect(page.getByRole('status')).toContainText('"notes.pdf" is not a PDF')
    await waitUntilProcessed(page)
    await expect(page.getByText('3 documents')).toBeVisible()

    // Each filter link is built from the current URL: wait for one navigation before the next click.
    await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'Failed' }).click()
    await expect(page).toHaveURL(/status=failed/)
    await expect(page.locator('.document-item')).toHaveCount(1)
    await expect(item(page, 'pdfjs__empty')).toContainText('No text could be found in this document.')
    await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'Processing' }).click()
    await expect(page).toHaveURL(/status=processing/)
    await expect(
      page.getByText('No documents match your search criteria. Try adjusting your filters or search term.'),
    ).toBeVisible()
    await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'All Documents' }).click()
    await expect(page).not.toHaveURL(/status=/)

    // The S&P 500 list names each company's sector and industry: its category is read from that.
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Market Analysis' }).click()
    await expect(page).toHaveURL(/category=Market(\+|%20)Analysis/)
    await expect(page.locator('.document-item')).toHaveCount(1)
    await expect(item(page, 'sp500__constituents')).toBeVisible()
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All Categories' }).click()
    await expect(page).not.toHaveURL(/category=/)

    await page.getByLabel('Search documents').fill('candide')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.locator('.document-item')).toHaveCount(1)
    await expect(item(page, 'gotext__candide-utf-8')).toBeVisible()
  })

  test('edits tags on the document page, ignoring blank and duplicate ones', async ({ page }) => {
    await signInToEmptyOrganization(page, 'Taggers')
    await uploadAndWait(page, corpus('txt/gotext__candide-utf-8.txt'), 'Candide')
    await page.goto('/documents')
    const link = page.getByRole('link', { name: 'Candide', exact: true })
    const href = await link.getAttribute('href')
    await page.goto(`${href}?tab=metadata`)
    for (const tag of ['classic', '  ', 'Classic', 'french']) {
      await page.getByLabel('New tag').fill(tag)
      const saved = page.waitForResponse((response) => response.request().method() === 'POST')
      await page.getByRole('button', { name: 'Add tag' }).click()
      await saved
      await expect(page.getByLabel('New tag')).toHaveValue('')
    }
    await expect(page.locator('.tag-list .tag')).toHaveText(['classic×', 'french×'])
    await page.getByRole('button', { name: 'Remove tag classic' }).click()
    await expect(page.locator('.tag-list .tag')).toHaveText(['french×'])
    await page.getByLabel('Title').fill('Candide, ou l’Optimisme')
    await page.getByLabel('Category', { exact: true }).selectOption('Strategy')
    await page.getByRole('button', { name: 'Save details' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Candide, ou l’Optimisme' })).toBeVisible()
    await page.getByRole('link', { name: 'Document Preview' }).click()
    await expect(page.locator('.preview-text')).toContainText('CANDIDE')
  })

  test('deletes a document after its confirm step, and downloads the original', async ({ page }) => {
    await signInToEmptyOrganization(page, 'Deleters')
    await uploadAndWait(page, corpus('csv/csvspec__comma_in_quotes.csv'), 'Addresses')
    const row = item(page, 'Addresses')
    const href = await row.getByRole('link', { name: 'Addresses', exact: true }).getAttribute('href')

    const response = await page.request.get(`/resources${href}/download`)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-disposition']).toContain('filename="csvspec__comma_in_quotes.csv"')
    expect(await response.body()).toEqual(readFileSync(corpus('csv/csvspec__comma_in_quotes.csv')))

    await row.getByRole('link', { name: /^Delete/ }).click()
    await expect(page.getByRole('heading', { name: 'Delete "Addresses"?' })).toBeVisible()
    await page.locator('.confirm').getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { name: 'Delete "Addresses"?' })).toHaveCount(0)
    await row.getByRole('link', { name: /^Delete/ }).click()
    await page.getByRole('button', { name: 'Delete document' }).click()
    await expect(page.getByRole('status').getByText('Document deleted')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No documents found' })).toBeVisible()
    expect((await page.request.get(`/resources${href}/download`)).status()).toBe(404)
  })

  test('previews a CSV whose last row ends in an empty cell as a row of as many cells', async ({ page }) => {
    const { users, organization } = await createTeam('Previewers', ['analyst'])
    const [analyst] = users
    const customers = await uploadDocument(analyst!, organization.slug, {
      title: 'Customers',
      name: 'customers.csv',
      content: 'Customer,Revenue,Notes\nCascade Water,9100000,renewal due\nBayline,4200000,\n',
    })
    await waitUntilStatus(analyst!, organization.slug, customers, 'processed')
    await signInAs(page, analyst!.username, analyst!.password, { to: `/documents/${customers.id}?tab=preview` })
    const last = page.locator('.preview-text').getByRole('row').last()
    await expect(last.getByRole('cell')).toHaveText(['Bayline', '4,200,000', ''])
    await expect(page.locator('.preview-text')).not.toContainText('|')
  })

  test('offers no comparison until a second version exists, then compares the two', async ({ page }) => {
    const { users, organization } = await createTeam('Versioners', ['analyst'])
    const [analyst] = users
    const memo = await uploadDocument(analyst!, organization.slug, {
      title: 'Sale memo',
      name: 'memo.txt',
      content: 'Asking price: 4 million.\n',
    })
    // The first version's text is read before the second arrives: a version's job is skipped once a
    // newer one is current, so on a busy server the second upload could leave v1 unread.
    await waitUntilStatus(analyst!, organization.slug, memo, 'processed')
    await signInAs(page, analyst!.username, analyst!.password, { to: `/documents/${memo.id}?tab=versions` })
    const compare = page.getByRole('button', { name: 'Compare', exact: true })
    await expect(compare).toBeDisabled()
    await expect(compare).toHaveAccessibleDescription('Need at least 2 versions to compare')

    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('Asking price: 5 million.\n') })
    await page.getByLabel('What changed').fill('New asking price')
    await page.getByRole('button', { name: 'Upload version' }).click()
    await expect(page.getByRole('row', { name: /^v2/ })).toContainText('New asking price')
    await expect(page.getByText('Need at least 2 versions to compare')).toHaveCount(0)
    await expect(compare).toBeEnabled()
    // The new version's text is extracted in the background; until then the comparison says it is not ready.
    await waitUntilStatus(analyst!, organization.slug, memo, 'processed')
    await compare.click()
    const changes = page.getByRole('region', { name: 'Changes from v1 to v2' })
    await expect(changes).toContainText('1 lines added, 1 lines removed')
    await expect(changes.locator('ins')).toHaveText('Asking price: 5 million.\n')
    await expect(changes.locator('del')).toHaveText('Asking price: 4 million.\n')
  })

  test('shows a member the documents without upload, delete or reprocess, and refuses them if forged', async ({
    page,
  }) => {
    const { users, organization } = await createTeam('Readers', ['analyst', 'member'])
    const [analyst, member] = users
    const minutes = await uploadDocument(analyst!, organization.slug, {
      title: 'Board minutes',
      name: 'minutes.txt',
      content: 'The board met.',
    })
    const scan = await uploadDocument(analyst!, organization.slug, {
      title: 'Blank scan',
      path: corpus('pdf/pdfjs__empty.pdf'),
    })
    await waitUntilStatus(analyst!, organization.slug, scan, 'failed')

    await signInAs(page, member!.username, member!.password, { to: '/documents?upload=true' })
    await expect(page.getByRole('heading', { name: 'Documents', exact: true })).toBeVisible()
    await expect(item(page, 'Board minutes')).toBeVisible()
    await expect(item(page, 'Blank scan').locator('.status')).toHaveText('Failed')
    await expect(page.getByRole('link', { name: 'Upload Document' })).toHaveCount(0)
    await expect(page.getByLabel('File', { exact: true })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Delete/ })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^Reprocess/ })).toHaveCount(0)
    await page.goto(`/documents?confirm-delete=${minutes.id}`)
    await expect(page.getByRole('button', { name: 'Delete document' })).toHaveCount(0)

    // The same posts the buttons would send, from the member's own signed-in browser.
    const origin = new URL(page.url()).origin
    const forged = (url: string, form: Record<string, string>) =>
      page.request.post(url, { form, headers: { origin }, maxRedirects: 0 })
    expect((await forged('/documents', { intent: 'delete', id: String(minutes.id) })).status()).toBe(403)
    expect((await forged('/documents', { intent: 'reprocess', id: String(scan.id) })).status()).toBe(403)
    expect((await forged(`/documents/${scan.id}`, { intent: 'reprocess' })).status()).toBe(403)
    const { access } = await apiSignIn(member!.username, member!.password)
    const direct = await fetch(`${origin}/api/documents/${minutes.id}/`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access}`, 'x-organization': organization.slug },
    })
    expect(direct.status).toBe(403)

    await page.goto('/documents')
    await expect(item(page, 'Board minutes')).toBeVisible()
    await expect(item(page, 'Blank scan').locator('.status')).toHaveText('Failed')
  })
})
