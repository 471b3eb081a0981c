import { readFileSync } from 'node:fs'
import path from 'node:path'

import { expect, type Locator, type Page, test } from '@playwright/test'

import { ANALYSIS_SOURCES, analysisSidebar, riskRow } from './support/analysis'
import { createTeam, type TeamUser } from './support/api'
import { signedInBehind, webBehindFailingBackend } from './support/behind-failing-backend'
import { uploadDocument, type UploadedDocument, uploadProcessed, waitUntilStatus } from './support/documents'
import { expectNoAxeViolations, signIn, signInAs, tabTo } from './support/fixtures'

// Spec §2 "Analysis page", §8: the texts, word for word.
const PICK_DOCUMENT = 'Select a document from the sidebar to get started with analysis.'
const PICK_TYPE = 'Select an analysis type and click "Run Analysis" to analyze this document.'
const NO_DOCUMENTS = 'No processed documents available for analysis. Please upload and process documents first.'
const DENIED = 'You do not have permission to access the analysis features.'

/** A PDF with no text: its processing fails, so it can never be analysed. */
const BLANK_SCAN = path.resolve('../shared/corpus/parsing/pdf/pdfjs__empty.pdf')

const result = (page: Page, title: string) => page.getByRole('region', { name: title })

/** Every source link of a result leads to its passage on the document's page. */
async function expectSourceLinks(links: Locator, documentId: number) {
  await expect(links.first()).toBeVisible()
  for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))) {
    expect(href).toMatch(new RegExp(`^/documents/${documentId}\\?chunk=(\\d+)#passage-\\1$`))
  }
}

const sourceLinks = (scope: Locator) => scope.getByRole('link', { name: /\(source of / })

async function run(page: Page, type: string) {
  await page.getByRole('radio', { name: type }).check()
  await page.getByRole('button', { name: 'Run Analysis' }).click()
}

test.describe('the analysis page', () => {
  let analyst: TeamUser
  let organizationName: string
  let documents: Record<string, UploadedDocument>

  // One worker runs these tests in turn, so the team and its documents are made once.
  test.describe.configure({ mode: 'default' })
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    const team = await createTeam('Analysts', ['analyst'])
    analyst = team.users[0]!
    organizationName = team.organization.name
    const uploaded = await uploadProcessed(analyst, team.organization.slug, ANALYSIS_SOURCES)
    documents = Object.fromEntries(uploaded.map((document) => [document.title, document]))
  })

  test.beforeEach(async ({ page }) => {
    await signInAs(page, analyst.username, analyst.password)
  })

  test('lists the processed documents and runs each of the four analyses, every item linked to its passage', async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow()
    await page.goto('/analysis')
    await expect(page.getByRole('heading', { name: 'Document Analysis', level: 1 })).toBeVisible()
    await expect(page.getByRole('main').getByText(organizationName, { exact: true })).toBeVisible()
    await expect(page.getByText(PICK_DOCUMENT)).toBeVisible()
    const report = analysisSidebar(page).getByRole('link', { name: /Harbor valuation report/ })
    await expect(report).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)
    await expect(analysisSidebar(page).getByRole('link')).toHaveCount(ANALYSIS_SOURCES.length)
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    const id = documents['Harbor valuation report']!.id
    await report.click()
    await expect(page).toHaveURL(new RegExp(`/analysis\\?document=${id}$`))
    await expect(report).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { name: 'Harbor valuation report', level: 2 })).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Document Summary' })).toBeChecked()
    await expect(page.getByText(PICK_TYPE)).toBeVisible()
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Run Analysis' }).click()
    await expect(page).toHaveURL(new RegExp(`document=${id}&type=summary&run=1`))
    const summary = result(page, 'Document Summary')
    await expect(summary).toContainText('£18.4 million')
    await expect(summary).toContainText('17.9%')
    await expectSourceLinks(sourceLinks(summary), id)
    await expect(page.getByText(PICK_TYPE)).toHaveCount(0)
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    await run(page, 'Key Findings')
    await expect(page).toHaveURL(/type=key-findings&run=1/)
    const findings = result(page, 'Key Findings')
    await expect(findings.getByRole('listitem').filter({ hasText: '£18.4 million' }).first()).toBeVisible()
    await expect(findings.getByRole('listitem').filter({ hasText: '17.9%' }).first()).toBeVisible()
    await expectSourceLinks(sourceLinks(findings), id)

    await run(page, 'Risk Assessment')
    await expect(page).toHaveURL(/type=risks&run=1/)
    const risks = result(page, 'Risk Assessment')
    await expect(risks.getByRole('columnheader')).toHaveText(['Category', 'Risk Level', 'Description'])
    const concentration = riskRow(risks, 'Customer concentration', 'High')
    await expect(concentration).toContainText('38%')
    await expect(risks.getByRole('row').filter({ hasText: 'Key-person dependence' }).first()).toBeVisible()
    await expectSourceLinks(sourceLinks(risks), id)
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    await run(page, 'Recommendations')
    await expect(page).toHaveURL(/type=recommendations&run=1/)
    const recommendations = result(page, 'Recommendations')
    const items = recommendations.getByRole('list').first().getByRole('listitem')
    await expect(items.first()).toBeVisible()
    await expect(recommendations.getByText(/Addresses: .*Customer concentration/).first()).toBeVisible()
    await expectSourceLinks(sourceLinks(recommendations), id)

    // A source leads to its passage, marked on the document's page.
    const source = sourceLinks(recommendations).first()
    const chunk = /chunk=(\d+)/.exec((await source.getAttribute('href'))!)![1]
    await source.click()
    await expect(page).toHaveURL(new RegExp(`/documents/${id}\\?chunk=${chunk}#passage-${chunk}$`))
    await expect(page.locator(`#passage-${chunk}`)).toBeVisible()
  })

  test('works from the keyboard alone: a document, a type and a run', async ({ page }) => {
    await page.goto('/analysis')
    const memo = analysisSidebar(page).getByRole('link', { name: /Succession memo/ })
    await tabTo(page, memo)
    await page.keyboard.press('Enter')
    await expect(memo).toHaveAttribute('aria-current', 'page')

    const summary = page.getByRole('radio', { name: 'Document Summary' })
    await tabTo(page, summary)
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('radio', { name: 'Key Findings' })).toBeChecked()
    await page.keyboard.press('ArrowDown')
    const risks = page.getByRole('radio', { name: 'Risk Assessment' })
    await expect(risks).toBeChecked()
    await expect(risks).toBeFocused()

    await tabTo(page, page.getByRole('button', { name: 'Run Analysis' }))
    await page.keyboard.press('Space')
    const table = result(page, 'Risk Assessment').getByRole('table')
    await expect(table.getByRole('row').filter({ hasText: 'Succession' }).first()).toBeVisible()
    await expect(table.getByRole('row').filter({ hasText: 'Key-person dependence' }).first()).toBeVisible()
    await tabTo(page, sourceLinks(result(page, 'Risk Assessment')).first())
  })

  test('keeps a result in its URL, so it can be shared and opened again', async ({ page }) => {
    const id = documents['Customer list']!.id
    await page.goto(`/analysis?document=${id}&type=risks&run=1`)
    await expect(page.getByRole('radio', { name: 'Risk Assessment' })).toBeChecked()
    const risks = result(page, 'Risk Assessment')
    const concentration = riskRow(risks, 'Customer concentration', 'High')
    await expect(concentration).toContainText('Solent Marine Group')
    await expectSourceLinks(sourceLinks(risks), id)
  })

  test('reports no risks for a document that states none', async ({ page }) => {
    const id = documents['Office move notice']!.id
    await page.goto(`/analysis?document=${id}&type=risks&run=1`)
    const risks = result(page, 'Risk Assessment')
    await expect(risks).toContainText('No risks found')
    await expect(risks.getByRole('table')).toHaveCount(0)
  })

  test('downloads a result as Markdown with its source references', async ({ page }) => {
    const id = documents['Harbor valuation report']!.id
    await page.goto(`/analysis?document=${id}&type=risks&run=1`)
    const link = result(page, 'Risk Assessment').getByRole('link', { name: 'Download as Markdown' })
    const downloading = page.waitForEvent('download')
    await link.click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/\.md$/)
    const markdown = readFileSync((await download.path())!, 'utf8')
    expect(markdown).toContain('Risk Assessment')
    expect(markdown).toContain('Customer concentration')
    expect(markdown).toContain('38%')

    const response = await page.request.get((await link.getAttribute('href'))!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^text\/markdown/)
    expect(response.headers()['content-disposition']).toMatch(/^attachment/)
    expect(await response.text()).toBe(markdown)
  })

  test('stays readable at 360 and 1280 px wide', async ({ page }) => {
    const id = documents['Harbor valuation report']!.id
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`/analysis?document=${id}&type=risks&run=1`)
      await expect(result(page, 'Risk Assessment').getByRole('table')).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0)
    }
  })

  test('offers the analyses in the document panel’s Analysis & Insights tab', async ({ page }) => {
    const id = documents['Harbor valuation report']!.id
    await page.goto(`/documents/${id}?tab=analysis`)
    await expect(page.getByRole('heading', { name: 'Key terms' })).toBeVisible()
    const section = page.getByRole('region', { name: 'Document analysis' })
    await section.getByRole('radio', { name: 'Risk Assessment' }).check()
    await section.getByRole('button', { name: 'Run Analysis' }).click()
    await expect(page).toHaveURL(new RegExp(`/documents/${id}\\?tab=analysis&analysis=risks`))
    const risks = section.getByRole('region', { name: 'Risk Assessment' })
    await expect(riskRow(risks, 'Customer concentration', 'High')).toBeVisible()
    await expectSourceLinks(sourceLinks(risks), id)
    await expect(section.getByRole('link', { name: 'Open in Document Analysis' })).toHaveAttribute(
      'href',
      `/analysis?document=${id}&type=risks&run=1`,
    )
  })

  test('is reached from the header and the dashboard', async ({ page }) => {
    await page.goto('/dashboard')
    await page.getByRole('link', { name: /Analyze documents/ }).click()
    await expect(page.getByRole('heading', { name: 'Document Analysis', level: 1 })).toBeVisible()
    await page.goto('/dashboard')
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Analysis' }).click()
    await expect(page).toHaveURL(/\/analysis$/)
    await expect(page.getByRole('heading', { name: 'Document Analysis', level: 1 })).toBeVisible()
  })
})

test.describe('the analysis page without documents to analyse', () => {
  test('says there are no processed documents', async ({ page, javaScriptEnabled }) => {
    const { users } = await createTeam('Unanalysed', ['analyst'])
    await signInAs(page, users[0]!.username, users[0]!.password, { to: '/analysis' })
    await expect(analysisSidebar(page).getByText(NO_DOCUMENTS)).toBeVisible()
    await expect(page.getByText(PICK_DOCUMENT)).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Upload Document' })).toHaveAttribute('href', '/documents?upload=true')
    if (javaScriptEnabled) await expectNoAxeViolations(page)
  })

  test('explains why a document that failed processing cannot be analysed', async ({ page, javaScriptEnabled }) => {
    const { users, organization } = await createTeam('Unprocessed', ['analyst'])
    const analyst = users[0]!
    const scan = await uploadDocument(analyst, organization.slug, { title: 'Blank scan', path: BLANK_SCAN })
    await waitUntilStatus(analyst, organization.slug, scan, 'failed')
    await signInAs(page, analyst.username, analyst.password)
    // Not offered in the sidebar; reached by its address only.
    await page.goto('/analysis')
    await expect(analysisSidebar(page).getByText(NO_DOCUMENTS)).toBeVisible()
    const response = await page.goto(`/analysis?document=${scan.id}&type=summary&run=1`)
    expect(response?.status()).toBe(409)
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Failed to perform analysis')
    await expect(alert.locator('p')).toHaveCount(2)
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    const missing = await page.goto('/analysis?document=999999999&type=summary&run=1')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('alert')).toHaveText(
      'Document not found: it does not exist or belongs to another organization.',
    )
  })
})

test.describe('the analysis page for a member', () => {
  test('says they do not have permission, with a 403, and offers no link to it', async ({
    page,
    javaScriptEnabled,
  }) => {
    await signIn(page, 'member')
    await expect(
      page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Analysis' }),
    ).toHaveCount(0)
    const response = await page.goto('/analysis')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('alert')).toHaveText(DENIED)
    if (javaScriptEnabled) await expectNoAxeViolations(page)
    const download = await page.request.get('/resources/analysis/export?document=1&type=summary')
    expect(download.status()).toBe(403)
  })

  test('sees the tab’s facts but no analyses on a document', async ({ page }) => {
    const { users, organization } = await createTeam('Members read', ['analyst', 'member'])
    const [document] = await uploadProcessed(users[0]!, organization.slug, [ANALYSIS_SOURCES[0]!])
    await signInAs(page, users[1]!.username, users[1]!.password, { to: `/documents/${document!.id}?tab=analysis` })
    await expect(page.getByRole('heading', { name: 'Key terms' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Document analysis' })).toHaveCount(0)
    const response = await page.goto(`/documents/${document!.id}?tab=analysis&analysis=risks`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('region', { name: 'Risk Assessment' })).toHaveCount(0)
  })
})

test.describe('the analysis page when the backend fails', () => {
  const setup = webBehindFailingBackend()
  const SERVER_ERROR = { status: 500, body: { detail: 'Internal server error' } }

  test('says the documents could not be loaded', async ({ page, javaScriptEnabled }) => {
    const { userId } = await signedInBehind(setup, page, 'Unlisted analysis', 'analyst')
    setup.backend.fail(userId, { method: 'GET', path: /^\/documents\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/analysis`)
    await expect(analysisSidebar(page).getByRole('alert')).toHaveText('Failed to load documents')
    if (javaScriptEnabled) await expectNoAxeViolations(page)
  })

  test('says the analysis failed, and keeps the document and type chosen', async ({ page, javaScriptEnabled }) => {
    const { userId, user, organization } = await signedInBehind(setup, page, 'Unanalysed run', 'analyst')
    const [document] = await uploadProcessed(user, organization.slug, [ANALYSIS_SOURCES[1]!])
    setup.backend.fail(userId, { method: 'POST', path: /^\/analysis\/$/ }, SERVER_ERROR)
    await page.goto(`${setup.web.url}/analysis?document=${document!.id}`)
    await run(page, 'Key Findings')
    await expect(page.getByRole('alert')).toHaveText('Failed to perform analysis')
    await expect(page.getByRole('radio', { name: 'Key Findings' })).toBeChecked()
    if (javaScriptEnabled) await expectNoAxeViolations(page)
  })
})
