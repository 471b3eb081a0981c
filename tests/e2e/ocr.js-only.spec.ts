import { expect, type Page, test } from '@playwright/test'

import { webBehindFailingBackend } from './support/behind-failing-backend'
import { midwayThroughOcr, processedBehind } from './support/ocr'

// With JavaScript, a document's OCR progress moves on screen by itself (the list, the document's
// page and its preview dialog ask again every few seconds) until its text is there. The web tier's
// own backend answers each count the test chooses, then the real, processed document.
const setup = webBehindFailingBackend()

/** Marks the page, so a test can tell that it changed in place rather than by a reload. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true))
const stillSamePage = (page: Page) =>
  expect(page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).resolves.toBe(true)

test('moves the OCR progress on the list, in the preview dialog and on the page, until the text is there', async ({
  page,
}) => {
  const { user, organization, userId, document } = await processedBehind(
    setup,
    page,
    'Live scans',
    'Signed share purchase deal',
  )
  const showMidway = await midwayThroughOcr(setup, userId, user, organization.slug, document.id)

  // The list.
  let shown = showMidway(2, 12)
  await page.goto(`${setup.web.url}/documents`)
  const title = page.getByRole('link', { name: 'Signed share purchase deal', exact: true })
  const row = page.locator('.document-item', { has: title })
  await expect(row).toContainText('Reading scans by OCR: 2 of 12 pages')
  await markPage(page)
  // The next count answers before the previous one is lifted, so no poll sees anything else.
  let next = showMidway(7, 12)
  shown.lift()
  shown = next
  await expect(row).toContainText('Reading scans by OCR: 7 of 12 pages')
  await expect(row.getByRole('progressbar')).toHaveAttribute('value', '7')

  // The preview dialog over it.
  await title.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Reading its scanned pages by OCR: 7 of 12 done.')).toBeVisible()
  next = showMidway(9, 12)
  shown.lift()
  shown = next
  await expect(dialog.getByText('Reading its scanned pages by OCR: 9 of 12 done.')).toBeVisible()
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('value', '9')
  shown.lift()
  await expect(dialog.getByRole('region', { name: 'Text of Part 1' })).toContainText('purchase price in cash')
  await expect(dialog.locator('.document-panel-meta .status')).toHaveText('Processed')
  await dialog.getByRole('button', { name: 'Close preview' }).click()
  await expect(row.locator('.status')).toHaveText('Processed')
  await expect(row.getByRole('progressbar')).toHaveCount(0)
  await stillSamePage(page)

  // The document's own page.
  shown = showMidway(3, 12)
  await page.goto(`${setup.web.url}/documents/${document.id}`)
  await expect(page.getByText('Reading its scanned pages by OCR: 3 of 12 done.')).toBeVisible()
  await markPage(page)
  next = showMidway(11, 12)
  shown.lift()
  shown = next
  await expect(page.getByText('Reading its scanned pages by OCR: 11 of 12 done.')).toBeVisible()
  shown.lift()
  await expect(page.getByRole('region', { name: 'Text of Part 1' })).toContainText('purchase price in cash')
  await expect(page.locator('.document-panel-meta .status')).toHaveText('Processed')
  await stillSamePage(page)
})
