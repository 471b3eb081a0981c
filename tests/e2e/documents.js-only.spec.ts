import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { createTeam } from './support/api'
import { expectNoAxeViolations, signInAs } from './support/fixtures'

const corpus = (file: string) => path.resolve('../shared/corpus/parsing', file)

async function signInWithDocument(page: Page, label: string) {
  const { users } = await createTeam(label, ['analyst'])
  await signInAs(page, users[0]!.username, users[0]!.password, { to: '/documents?upload=true' })
  await page.getByLabel('File', { exact: true }).setInputFiles(corpus('pdf/pdfjs__basicapi.pdf'))
  // The title fills from the file name without its extension.
  await expect(page.getByLabel('Title')).toHaveValue('pdfjs__basicapi')
  await page.getByLabel('Title').fill('Table of contents')
  await page.getByRole('button', { name: 'Upload Document' }).click()
  await expect(page.getByRole('status').getByText('"Table of contents" uploaded. It is being processed.')).toBeVisible()
}

test.describe('documents with JavaScript', () => {
  test('shows the live status change without a reload', async ({ page }) => {
    await signInWithDocument(page, 'Watchers')
    // No reload here: the list revalidates itself while documents process.
    await expect(page.locator('.document-item .status')).toHaveText('Processed', { timeout: 20_000 })
  })

  test('previews five file names, then how many more', async ({ page }) => {
    const { users } = await createTeam('Previewers', ['analyst'])
    await signInAs(page, users[0]!.username, users[0]!.password, { to: '/documents?upload=true&mode=batch' })
    const names = Array.from({ length: 7 }, (_, index) => ({
      name: `note-${index + 1}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`Note ${index + 1}`),
    }))
    await page.getByLabel('Files').setInputFiles(names)
    await expect(page.locator('.file-preview li')).toHaveText([
      'note-1.txt',
      'note-2.txt',
      'note-3.txt',
      'note-4.txt',
      'note-5.txt',
    ])
    await expect(page.getByText('...and 2 more')).toBeVisible()
  })

  test('opens the preview overlay from the keyboard, switches tabs, and closes it with Escape', async ({ page }) => {
    await signInWithDocument(page, 'Keyboarders')
    await expect(page.locator('.document-item .status')).toHaveText('Processed', { timeout: 20_000 })
    const title = page.getByRole('link', { name: 'Table of contents', exact: true })
    await title.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Table of contents' })
    await expect(dialog).toBeVisible()
    await expect(dialog.locator('.preview-text')).toContainText('Table Of Content')
    await expect(dialog.getByRole('heading', { name: /Page 1/ })).toBeVisible()
    await expectNoAxeViolations(page)

    await dialog.getByRole('link', { name: 'Next: Page 2' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('heading', { name: /Page 2/ })).toBeVisible()
    await dialog.getByRole('link', { name: 'Metadata & Tags' }).focus()
    await page.keyboard.press('Enter')
    await dialog.getByLabel('New tag').focus()
    await page.keyboard.type('board pack')
    await page.keyboard.press('Enter')
    await expect(dialog.locator('.tag-list')).toContainText('board pack')
    await expect(dialog.getByLabel('New tag')).toBeFocused()
    await expect(dialog.getByLabel('New tag')).toHaveValue('')
    await expect(page).toHaveURL(/\/documents$/)
    await expectNoAxeViolations(page)

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(title).toBeFocused()
  })

  test('the documents pages have no axe violations', async ({ page }) => {
    // Four pages through axe, each several seconds on a busy machine.
    test.slow()
    await signInWithDocument(page, 'Auditors')
    await expect(page.locator('.document-item .status')).toHaveText('Processed', { timeout: 20_000 })
    const href = await page.getByRole('link', { name: 'Table of contents', exact: true }).getAttribute('href')
    for (const path of [
      '/documents',
      '/documents?upload=true',
      '/documents?upload=true&mode=batch',
      `/documents?confirm-delete=${href!.split('/').pop()}`,
    ]) {
      await page.goto(path)
      await expectNoAxeViolations(page)
    }
    for (const tab of ['preview', 'metadata', 'analysis', 'versions']) {
      await page.goto(`${href}?tab=${tab}`)
      await expectNoAxeViolations(page)
    }
  })
})
