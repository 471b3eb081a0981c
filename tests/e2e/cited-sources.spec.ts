import path from 'node:path'

import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'

import { SALE_FILE, SALE_FILES } from '../fixtures/sale-file'
import { createTeam, type TeamUser } from './support/api'
import { send, startConversation } from './support/chat'
import { uploadProcessed } from './support/documents'
import { expectNoAxeViolations, tabTo } from './support/fixtures'

// Worded otherwise than the customer list ("contribution", "last fiscal year"): its retrieval score
// was 0.52, shown as "Relevance: 52%" beside the very row the answer read.
const QUESTION = "What was Parkway Homes' revenue contribution in the last fiscal year?"

// One organization per file and project, shared by its tests: run them in order in one worker.
test.describe.configure({ mode: 'default' })

let member: TeamUser
let customersId: number

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const team = await createTeam('Cited sources', ['analyst', 'member'])
  member = team.users[1]!
  const documents = await uploadProcessed(
    team.users[0]!,
    team.organization.slug,
    SALE_FILES.map(([name, title]) => ({ title, path: path.join(SALE_FILE, name) })),
  )
  customersId = documents.find((document) => document.title === 'Customers FY2025')!.id
})

/** Signs the member in, starts a conversation and asks, from the keyboard alone: the answer's message. */
async function ask(page: Page, question: string, javaScriptEnabled: boolean) {
  await startConversation(page, member)
  await send(page, question, javaScriptEnabled)
  return page.locator('.message-assistant').last()
}

/** Follows a link of the answer from the keyboard; it opens the document in a new tab. */
async function follow(page: Page, context: BrowserContext, link: Locator) {
  await tabTo(page, link)
  const opened = context.waitForEvent('page')
  await page.keyboard.press('Enter')
  return opened
}

/** The rows the document's page marks in its tables. */
const markedRows = (documentPage: Page) => documentPage.locator('.preview-table tr.cited-passage')

// Issue 47 items 14 and 15.
test('a figure read from one row of a CSV: its source reads as relevant, and its cell opens with that row alone marked', async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const answer = await ask(page, QUESTION, javaScriptEnabled)
  await expect(answer.locator('p').first()).toHaveText('1,350,050')
  const relevance = answer
    .locator('.message-sources li')
    .filter({ hasText: 'Customers FY2025' })
    .getByText(/^\(Relevance: \d{1,3}%\)$/)
  await expect(relevance).toBeVisible()
  expect(Number(/\d+/.exec((await relevance.textContent())!)![0])).toBeGreaterThanOrEqual(70)

  const figure = answer.getByRole('link', { name: /^1,350,050: Parkway Homes, FY2025 revenue/ })
  const documentPage = await follow(page, context, figure)
  await expect(documentPage).toHaveURL(new RegExp(`/documents/${customersId}\\?chunk=\\d+&cell=0\\.2\\.2#cell-`))
  await expect(
    documentPage.getByRole('heading', { name: 'Cited cell: Parkway Homes, FY2025 revenue = 1,350,050' }),
  ).toBeVisible()
  // The customer list below it marks the figure's row, not the whole table.
  await expect(markedRows(documentPage)).toHaveCount(1)
  await expect(markedRows(documentPage)).toContainText('Parkway Homes')
  if (javaScriptEnabled) await expectNoAxeViolations(documentPage)
})

test('a row of a CSV quoted in an answer: its citation opens the document at that row, marked alone', async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const answer = await ask(page, 'How much revenue came from municipal customers?', javaScriptEnabled)
  const marker = answer.getByRole('link', { name: '[1]' })
  await expect(marker).toHaveAttribute(
    'href',
    new RegExp(`^/documents/${customersId}\\?chunk=\\d+&rows=0\\.4#passage-\\d+$`),
  )
  const documentPage = await follow(page, context, marker)
  await expect(markedRows(documentPage)).toHaveCount(1)
  await expect(markedRows(documentPage)).toContainText('City of Hilliard')
  // The link's fragment names that row, so the browser scrolls to it with or without JavaScript.
  const target = documentPage.locator(new URL(documentPage.url()).hash)
  await expect(target).toContainText('City of Hilliard')
  await expect(target).toBeInViewport()
})
