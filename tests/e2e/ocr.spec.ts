import { expect, type Page, test } from '@playwright/test'

import { createTeam } from './support/api'
import { webBehindFailingBackend } from './support/behind-failing-backend'
import { expectNoAxeViolations, signInAs } from './support/fixtures'
import {
  LETTER_OF_INTENT,
  letterOfIntentPdf,
  midwayThroughOcr,
  processedBehind,
  readByOcr,
  reloadUntilProcessed,
} from './support/ocr'

const item = (page: Page, title: string) =>
  page.locator('.document-item', { has: page.getByRole('link', { name: title, exact: true }) })

test('reads the scanned pages of an uploaded PDF by OCR, and says so on each page read', async ({ page }) => {
  // Two scanned pages take a few seconds of OCR, more while the other project's test does the same.
  test.setTimeout(120_000)
  const { users } = await createTeam('Scanners', ['analyst'])
  await signInAs(page, users[0]!.username, users[0]!.password)

  await page.goto('/documents?upload=true')
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'northwind-loi-signed.pdf',
    mimeType: 'application/pdf',
    buffer: await letterOfIntentPdf(),
  })
  await page.getByLabel('Title').fill('Northwind letter of intent')
  await page.getByRole('button', { name: 'Upload Document' }).click()
  await expect(
    page.getByRole('status').getByText('"Northwind letter of intent" uploaded. It is being processed.'),
  ).toBeVisible()

  await reloadUntilProcessed(page)
  const row = item(page, 'Northwind letter of intent')
  await expect(row.locator('.status')).toHaveText('Processed')
  await expect(row.getByRole('progressbar')).toHaveCount(0)

  const href = await row.getByRole('link', { name: 'Northwind letter of intent', exact: true }).getAttribute('href')
  await page.goto(href!)
  await expect(page.getByRole('heading', { name: 'Page 1 of 3' })).toBeVisible()
  // The typed page is read from its text layer, not by OCR.
  await expect(page.getByText(/read by OCR/)).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Text of Page 1' })).toContainText(LETTER_OF_INTENT[0]![0]!)

  await page.getByRole('link', { name: 'Next: Page 2' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Page 2 of 3' })).toBeVisible()
  const note = page.getByText(/^Page 2: read by OCR, confidence \d{1,3}%$/)
  await expect(note).toBeVisible()
  const text = page.getByRole('region', { name: 'Text of Page 2' })
  await expect(text).toContainText(LETTER_OF_INTENT[1]![0]!)
  await expect(text).toHaveAccessibleDescription(/^Page 2: read by OCR, confidence \d{1,3}%$/)
  await expect(page.getByText('Low confidence')).toHaveCount(0)
})

test.describe('a document whose scans are being read', () => {
  // The web tier's own backend answers as if OCR were halfway, at a count the test chooses.
  const setup = webBehindFailingBackend()

  test('shows how many scanned pages are read, in its list row and on its page', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { user, organization, userId, document } = await processedBehind(
      setup,
      page,
      'Scan waiters',
      'Signed share purchase deal',
    )
    const showMidway = await midwayThroughOcr(setup, userId, user, organization.slug, document.id)
    showMidway(5, 12)

    await page.goto(`${setup.web.url}/documents`)
    const row = item(page, 'Signed share purchase deal')
    await expect(row.locator('.status')).toHaveText('Processing')
    await expect(row).toContainText('Reading scans by OCR: 5 of 12 pages')
    const bar = row.getByRole('progressbar', {
      name: 'Signed share purchase deal Reading scans by OCR: 5 of 12 pages',
    })
    await expect(bar).toHaveAttribute('value', '5')
    await expect(bar).toHaveAttribute('max', '12')
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    await page.goto(`${setup.web.url}/documents/${document.id}`)
    // The sentence is the live region; the count, which changes with every page read, is not in it.
    const status = page.getByRole('status').filter({ hasText: 'This document is being processed.' })
    await expect(status).toHaveText('This document is being processed. Its text appears here when processing finishes.')
    await expect(page.getByText('Reading its scanned pages by OCR: 5 of 12 done.')).toBeVisible()
    const noticeBar = page.getByRole('progressbar', { name: 'Reading its scanned pages by OCR: 5 of 12 done.' })
    await expect(noticeBar).toHaveAttribute('value', '5')
    await expect(noticeBar).toHaveAttribute('max', '12')
    if (javaScriptEnabled) await expectNoAxeViolations(page)
  })

  test('flags a page read with low confidence in words, and still shows all its text', async ({
    page,
    javaScriptEnabled,
  }) => {
    const { user, organization, userId, document } = await processedBehind(
      setup,
      page,
      'Faxed scans',
      'Faxed warranty schedule',
      'Claims under the warranties are capped at the purchase price.',
    )
    await readByOcr(setup, userId, user, organization.slug, document.id, 42)

    await page.goto(`${setup.web.url}/documents/${document.id}?tab=preview&page=1`)
    const warning = page.getByText(/^Page 1: read by OCR, confidence 42%\./)
    await expect(warning).toHaveText(
      'Page 1: read by OCR, confidence 42%. Low confidence: the text may hold errors; check it against the original.',
    )
    // Flagged in words (above) and in bold, not by its colour alone.
    await expect(warning.locator('strong')).toHaveText('Low confidence:')
    const text = page.getByRole('region', { name: 'Text of Page 1' })
    await expect(text).toHaveText('Claims under the warranties are capped at the purchase price.')
    await expect(text).toHaveAccessibleDescription(/confidence 42%\. Low confidence/)
    if (javaScriptEnabled) await expectNoAxeViolations(page)
  })
})
