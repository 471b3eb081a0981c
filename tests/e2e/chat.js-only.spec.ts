import { expect, test } from '@playwright/test'

import { createTeam, type TeamUser } from './support/api'
import { uploadProcessed } from './support/documents'
import { expectNoAxeViolations, signInAs } from './support/fixtures'

const LEASE = {
  title: 'Dayton lease summary',
  name: 'lease.txt',
  content: 'The factory lease in Dayton runs until 2031 with two five-year renewal options at market rent.\n',
}

test.describe.configure({ mode: 'default' })

let member: TeamUser
let analyst: TeamUser

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const team = await createTeam('Keyboard chat', ['analyst', 'member'])
  ;[analyst, member] = team.users as [TeamUser, TeamUser]
  await uploadProcessed(analyst, team.organization.slug, [LEASE])
})

test.describe('chat with JavaScript', () => {
  test('has no axe violations empty, with an answer, renaming and confirming a delete', async ({ page }) => {
    test.slow()
    await signInAs(page, member.username, member.password, { to: '/chat' })
    await expect(page.getByText('Select a conversation or create a new one to get started.')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'New Conversation' }).click()
    await expect(page).toHaveURL(/\/chat\/\d+$/)
    await expectNoAxeViolations(page)
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('When does the lease end?')
    await page.keyboard.press('Enter')
    await expect(page.locator('.message-assistant')).toContainText('2031')
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: 'Rename' }).click()
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await page.getByRole('link', { name: 'Delete' }).click()
    await expect(page.getByText('Are you sure you want to delete this conversation?')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('works from the keyboard alone: start, ask, read and open the source', async ({ page, context }) => {
    // A user without conversations stays on /chat. On a conversation, the message box takes the focus
    // when the page hydrates, which could take it from New between focusing and pressing Enter.
    await signInAs(page, analyst.username, analyst.password, { to: '/chat' })
    await expect(page).toHaveURL(/\/chat$/)
    const newButton = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'New' })
    await newButton.focus()
    const before = page.url()
    await page.keyboard.press('Enter')
    await expect(page).not.toHaveURL(before)
    // The input takes the focus when the conversation changes.
    const box = page.getByRole('textbox', { name: 'Message', exact: true })
    await expect(box).toBeFocused()
    await page.keyboard.type('When does the factory lease end?')
    await page.keyboard.press('Shift+Enter')
    await page.keyboard.type('And what renewal options are there?')
    await expect(box).toHaveValue('When does the factory lease end?\nAnd what renewal options are there?')
    await page.keyboard.press('Enter')
    await expect(box).toHaveValue('')
    // The saved answer (the latest message) replaces the streamed one once the stream ends: focus
    // moved to the streamed one's link would be lost with it.
    const answer = page.locator('li#latest.message-assistant')
    await expect(answer.getByRole('link', { name: LEASE.title })).toBeVisible()
    // Back from the input through the answer to its source.
    const source = answer.getByRole('link', { name: LEASE.title })
    for (let step = 0; step < 8 && !(await source.evaluate((link) => link === document.activeElement)); step++)
      await page.keyboard.press('Shift+Tab')
    await expect(source).toBeFocused()
    const opened = context.waitForEvent('page')
    await page.keyboard.press('Enter')
    const tab = await opened
    await expect(tab).toHaveURL(/\/documents\/\d+$/)
    await expect(tab.getByRole('heading', { level: 1, name: LEASE.title })).toBeVisible()
  })
})
