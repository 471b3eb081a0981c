import { expect, test } from '@playwright/test'

import { ANALYSIS_SOURCES, analysisSidebar, riskRow } from './support/analysis'
import { signedInBehind, webBehindFailingBackend } from './support/behind-failing-backend'
import { uploadProcessed } from './support/documents'
import { expectNoAxeViolations } from './support/fixtures'

// What /analysis shows while the backend works (spec §2: separate loading states for the documents
// and for the analysis): the backend holds the one call until the test has looked.
const setup = webBehindFailingBackend()

test('says "Analyzing..." on a disabled button until the result is in', async ({ page }) => {
  const { userId, user, organization } = await signedInBehind(setup, page, 'Slow analysts', 'analyst')
  const [report] = await uploadProcessed(user, organization.slug, ANALYSIS_SOURCES.slice(0, 1))
  await page.goto(`${setup.web.url}/analysis?document=${report!.id}`)
  const held = setup.backend.hold(userId, { method: 'POST', path: /^\/analysis\/$/ })
  await page.getByRole('radio', { name: 'Key Findings' }).check()
  await page.getByRole('button', { name: 'Run Analysis' }).click()
  await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeDisabled()
  held.release()
  await expect(page.getByRole('region', { name: 'Key Findings' })).toContainText('£18.4 million')
  await expect(page.getByRole('button', { name: 'Run Analysis' })).toBeEnabled()
})

test('says "Loading documents..." while another document is opened', async ({ page }) => {
  const { userId, user, organization } = await signedInBehind(setup, page, 'Slow readers', 'analyst')
  await uploadProcessed(user, organization.slug, ANALYSIS_SOURCES.slice(0, 2))
  await page.goto(`${setup.web.url}/analysis`)
  const held = setup.backend.hold(userId, { method: 'GET', path: /^\/documents\/$/ })
  const memo = analysisSidebar(page).getByRole('link', { name: /Succession memo/ })
  await memo.click()
  await expect(analysisSidebar(page).getByRole('status')).toHaveText('Loading documents...')
  held.release()
  await expect(memo).toHaveAttribute('aria-current', 'page')
  await expect(analysisSidebar(page).getByRole('status')).toHaveText('')
  await expectNoAxeViolations(page)
})

test('runs an analysis in the preview overlay’s Analysis & Insights tab', async ({ page }) => {
  const { user, organization } = await signedInBehind(setup, page, 'Overlay analysts', 'analyst')
  const [report] = await uploadProcessed(user, organization.slug, ANALYSIS_SOURCES.slice(0, 1))
  await page.goto(`${setup.web.url}/documents`)
  await page.getByRole('link', { name: 'Harbor valuation report', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('link', { name: 'Analysis & Insights' }).click()
  const section = dialog.getByRole('region', { name: 'Document analysis' })
  await section.getByRole('radio', { name: 'Risk Assessment' }).check()
  await section.getByRole('button', { name: 'Run Analysis' }).click()
  const risks = section.getByRole('region', { name: 'Risk Assessment' })
  await expect(riskRow(risks, 'Customer concentration', 'High')).toBeVisible()
  // The overlay stays over the list.
  await expect(page).toHaveURL(`${setup.web.url}/documents`)
  await expect(risks.getByRole('link', { name: /\(source of risk 1\)/ })).toHaveAttribute(
    'href',
    new RegExp(`^/documents/${report!.id}\\?chunk=\\d+#passage-\\d+$`),
  )
  await expectNoAxeViolations(page)
})
