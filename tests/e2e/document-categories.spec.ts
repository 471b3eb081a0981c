import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { SALE_FILE } from '../fixtures/sale-file'
import { createTeam } from './support/api'
import { signInAs } from './support/fixtures'

const item = (page: Page, title: string) =>
  page.locator('.document-item', { has: page.getByRole('link', { name: title, exact: true }) })

/** Uploads one file through the page's form, leaving the category to the app. */
async function upload(page: Page, file: string, title: string) {
  await page.goto('/documents?upload=true')
  await page.getByLabel('File', { exact: true }).setInputFiles(file)
  await page.getByLabel('Title').fill(title)
  await page.getByRole('button', { name: 'Upload Document' }).click()
  await expect(page.getByRole('status').getByText(`"${title}" uploaded. It is being processed.`)).toBeVisible()
}

test.describe('what the documents list says of a file (issue 47, item 19)', () => {
  test('names a CSV as CSV and files it by what it says once it is read', async ({ page }) => {
    const { users } = await createTeam('Categories', ['analyst'])
    await signInAs(page, users[0]!.username, users[0]!.password)
    await upload(page, path.join(SALE_FILE, 'customers.csv'), 'Customer list')
    await upload(page, path.join(SALE_FILE, 'owner-memo.txt'), 'Memo from Renata')

    const customers = item(page, 'Customer list')
    await expect(customers.locator('.file-icon')).toHaveText('CSV')
    await expect(item(page, 'Memo from Renata').locator('.file-icon')).toHaveText('TXT')
    // The list is read again until the worker has read both files.
    await expect(async () => {
      await page.reload()
      await expect(page.locator('.document-list .status-pending, .document-list .status-processing')).toHaveCount(0)
    }).toPass({ timeout: 30_000 })
    // Revenue by customer is a financial schedule; an owner's memo of what she needs from the sale is her exit strategy.
    await expect(customers.locator('.category')).toHaveText('Financial')
    await expect(item(page, 'Memo from Renata').locator('.category')).toHaveText('Strategy')
    await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link')).toHaveText([
      'All Categories',
      'Financial',
      'Strategy',
    ])
  })
})
