import { expect, type Page, test } from '@playwright/test'

import { createTeam, type TeamUser } from './support/api'
import { expectNoAxeViolations, signInAs } from './support/fixtures'

// One organization for the file, shared by its tests: run them in order in one worker.
test.describe.configure({ mode: 'default' })

let analyst: TeamUser

test.beforeAll(async () => {
  test.setTimeout(60_000)
  const team = await createTeam('Live templaters', ['analyst'])
  analyst = team.users[0]!
})

const section = (page: Page, n: number) => page.getByRole('group', { name: `Section ${n}`, exact: true })
const total = (page: Page) => page.locator('.template-total output')

/** The form has hydrated once Conform has taken over validation from the browser. */
async function openForm(page: Page) {
  await signInAs(page, analyst.username, analyst.password, { to: '/conversation-templates/new' })
  await expect(page.locator('form#template-form')).toHaveAttribute('novalidate', '')
}

test('totals the sections live and never offers to remove the last section', async ({ page }) => {
  await openForm(page)
  await expect(total(page)).toHaveText('10 minutes')
  await expect(section(page, 1).getByRole('button', { name: /^Remove section/ })).toHaveCount(0)

  await page.getByRole('button', { name: 'Add section' }).click()
  // The new section's title has the focus, so the keyboard user types straight into it.
  await expect(section(page, 2).getByLabel('Section title')).toBeFocused()
  await expect(total(page)).toHaveText('25 minutes')
  await section(page, 1).getByLabel('Time allocation (minutes)').fill('35')
  await expect(total(page)).toHaveText('50 minutes')
  await expect(page.getByRole('button', { name: /^Remove section/ })).toHaveCount(2)

  await page.getByRole('button', { name: 'Remove section 2' }).click()
  await expect(section(page, 2)).toHaveCount(0)
  await expect(total(page)).toHaveText('35 minutes')
  await expect(page.getByRole('button', { name: /^Remove section/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add section' })).toBeFocused()
})

test('shows the spec messages on their fields and clears each one as its field is edited', async ({ page }) => {
  await openForm(page)
  await page.getByLabel('Template name').fill('')
  await section(page, 1).getByLabel('Section title').fill('')
  await section(page, 1).getByLabel('Time allocation (minutes)').fill('0')
  await page.getByRole('button', { name: 'Create Template' }).click()

  const name = page.getByLabel('Template name')
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription('Template name is required')
  await expect(page.getByLabel('Exit planning phase')).toHaveAccessibleDescription('Exit planning phase is required')
  await expect(section(page, 1).getByLabel('Section title')).toHaveAccessibleDescription('Section title is required')
  await expect(section(page, 1).getByLabel('Time allocation (minutes)')).toHaveAccessibleDescription(
    'Time allocation must be greater than 0',
  )
  await expectNoAxeViolations(page)

  await name.fill('Buyer shortlist review')
  await expect(name).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Template name is required')).toHaveCount(0)
  await section(page, 1).getByLabel('Time allocation (minutes)').fill('30')
  await expect(page.getByText('Time allocation must be greater than 0')).toHaveCount(0)
  await expect(page.getByText('Section title is required')).toBeVisible()
})

test('is used with the keyboard alone: add a question, fill it, and save with Enter in a field', async ({ page }) => {
  await openForm(page)
  await page.getByLabel('Template name').fill('Keyboard planning session')
  await page.getByLabel('Exit planning phase').selectOption('phase-2')
  const add = section(page, 1).getByRole('button', { name: 'Add question to section 1' })
  await add.focus()
  await page.keyboard.press('Enter')
  const question = section(page, 1).getByRole('textbox', { name: 'Question 1 of section 1', exact: true })
  await expect(question).toBeFocused()
  await page.keyboard.type('Which contracts need consent to assign?')
  // Enter in a field saves the template: it must not press the first add or remove button instead.
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Keyboard planning session', level: 1 })).toBeVisible()
  await expect(page.getByText('Which contracts need consent to assign?')).toBeVisible()
})
