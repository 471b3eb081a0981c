import { expect, type Page, test } from '@playwright/test'

import { createTeam, type TeamUser } from './support/api'
import { send, startConversation } from './support/chat'
import { uploadProcessed } from './support/documents'

// An owner's operations memo (issue 46): answers are phrases read from its sentences, whatever the
// question's wording, and a follow-up is read with the question before it.
const MEMO = {
  title: 'Operations memo',
  name: 'operations-memo.txt',
  content: [
    'Operations memo: Lakeshore Freight Co.',
    'Dr. Helen Marsh founded the company in 1994 and still chairs the board.',
    'Headcount at year end was 64: 41 drivers, 12 dispatchers and 11 office staff.',
    'The lease on the Riverside depot runs until March 31, 2030, and the lease on the Elm Street yard ends on June 30, 2027.',
    'Two strategic acquirers have approached us: Northline Logistics and Bayview Freight.',
    'The fleet of 38 trucks is financed with an equipment loan from First Harbor Bank.',
  ].join('\n'),
}

// One organization per file and project: run the tests in order in one worker.
test.describe.configure({ mode: 'default' })

let member: TeamUser

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const team = await createTeam('Prose readers', ['analyst', 'member'])
  member = team.users[1]!
  await uploadProcessed(team.users[0]!, team.organization.slug, [MEMO])
})

const firstLine = (page: Page) => page.locator('.message-assistant').last().locator('p').first()

test('a question asked in other words gets the same answer', async ({ page, javaScriptEnabled }) => {
  await startConversation(page, member)
  const answers = page.locator('.message-assistant')
  const wordings = ['Who are the potential buyers?', 'Who might buy the company?', 'Who are the likely acquirers?']
  for (const [index, question] of wordings.entries()) {
    await send(page, question, javaScriptEnabled)
    await expect(answers).toHaveCount(index + 1)
    await expect(firstLine(page)).toContainText('Northline Logistics')
    await expect(firstLine(page)).toContainText('Bayview Freight')
  }
  await send(page, 'Who founded the company?', javaScriptEnabled)
  await expect(answers).toHaveCount(4)
  await expect(firstLine(page)).toContainText('Dr. Helen Marsh')
})

test('a follow-up is read with the question before it', async ({ page, javaScriptEnabled }) => {
  await startConversation(page, member)
  const answers = page.locator('.message-assistant')

  await send(page, 'When does the lease on the Riverside depot end?', javaScriptEnabled)
  await expect(answers).toHaveCount(1)
  await expect(firstLine(page)).toContainText('March 31, 2030')

  await send(page, 'And the Elm Street yard?', javaScriptEnabled)
  await expect(answers).toHaveCount(2)
  await expect(firstLine(page)).toContainText('June 30, 2027')

  await send(page, 'How many drivers does the company employ?', javaScriptEnabled)
  await expect(answers).toHaveCount(3)
  await expect(firstLine(page)).toContainText('41 drivers')
})
