import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { FINANCIALS, financialsWorkbook } from '../support/financials-workbook'
import { createTeam, type TeamUser } from './support/api'
import { send, startConversation } from './support/chat'
import { uploadProcessed } from './support/documents'
import { expectNoAxeViolations, tabTo } from './support/fixtures'

// The growth asked as a percentage, which the table reader computes as (later − earlier) / earlier.
const QUESTION = 'How much did revenue grow from 2024 to 2025 in percent?'

// One organization per file and project: run the tests in order in one worker.
test.describe.configure({ mode: 'default' })

let member: TeamUser
let workbookId: number

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const team = await createTeam('Table readers', ['analyst', 'member'])
  member = team.users[1]!
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'table-answers-')), 'Financials.xlsx')
  writeFileSync(file, financialsWorkbook())
  const [workbook] = await uploadProcessed(team.users[0]!, team.organization.slug, [
    { title: 'Financials', path: file },
  ])
  workbookId = workbook!.id
})

test('a growth question about a spreadsheet shows its working, and an operand opens its cell highlighted', async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await startConversation(page, member)
  await send(page, QUESTION, javaScriptEnabled)

  const answer = page.locator('.message-assistant').last()
  await expect(answer).toContainText('24.41%')
  const formula = answer.locator('.derivation-formula')
  await expect(formula).toHaveText(
    `(${FINANCIALS.revenue2025} [1] − ${FINANCIALS.revenue2024} [1]) / ${FINANCIALS.revenue2024} [1] = 24.41%`,
  )
  const later = formula.getByRole('link', { name: `${FINANCIALS.revenue2025}: Revenue, 2025, sheet FY, source 1` })
  await expect(later).toHaveAttribute(
    'href',
    new RegExp(`^/documents/${workbookId}\\?chunk=\\d+&cell=0\\.1\\.2#cell-\\d+-0-1-2$`),
  )
  await expect(formula.getByRole('link', { name: /^1,202\.9: Revenue, 2024, sheet FY, source 1$/ })).toHaveCount(2)
  if (javaScriptEnabled) await expectNoAxeViolations(page)

  await tabTo(page, later)
  const opened = context.waitForEvent('page')
  await page.keyboard.press('Enter')
  const documentPage = await opened
  await expect(documentPage).toHaveURL(new RegExp(`/documents/${workbookId}\\?chunk=\\d+&cell=0\\.1\\.2#cell-`))
  const hash = new URL(documentPage.url()).hash
  const cell = documentPage.locator(hash)
  await expect(cell).toHaveAttribute('aria-current', 'true')
  await expect(cell.locator('mark')).toHaveText(FINANCIALS.revenue2025)
  await expect(cell).toContainText('(cited cell)')
  await expect(cell).toBeInViewport()
  const table = documentPage.getByRole('region', { name: 'Cited table' }).getByRole('table')
  await expect(table.getByRole('rowheader', { name: 'Revenue' })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: '2025' })).toBeVisible()
  await expect(
    documentPage.getByRole('heading', { name: `Cited cell: Revenue, 2025 = ${FINANCIALS.revenue2025}` }),
  ).toBeVisible()
  if (javaScriptEnabled) await expectNoAxeViolations(documentPage)
})

test('a follow-up is read with the question before it, and a year the files lack is said to be missing', async ({
  page,
  javaScriptEnabled,
}) => {
  await startConversation(page, member)
  const answers = page.locator('.message-assistant')

  await send(page, 'What was revenue in 2025?', javaScriptEnabled)
  await expect(answers).toHaveCount(1)
  await expect(answers.last().locator('p').first()).toHaveText(`${FINANCIALS.revenue2025} thousand`)

  await send(page, 'And in 2024?', javaScriptEnabled)
  await expect(answers).toHaveCount(2)
  await expect(answers.last().locator('p').first()).toHaveText(`${FINANCIALS.revenue2024} thousand`)

  // Asked alone, a year the workbook does not hold is named as missing, with what it does hold.
  await send(page, 'What was revenue in 2019?', javaScriptEnabled)
  await expect(answers).toHaveCount(3)
  await expect(answers.last()).toContainText('The documents give revenue for 2024 and 2025, not 2019')
  if (javaScriptEnabled) await expectNoAxeViolations(page)
})
