import { expect, type Locator, type Page, test } from '@playwright/test'

import { createTeam, type TeamUser } from './support/api'
import { expectNoAxeViolations, signInAs } from './support/fixtures'

// One organization per file and project, shared by its tests: run them in order in one worker. Axe
// runs in the page, so only where JavaScript does.
test.describe.configure({ mode: 'default' })

let analyst: TeamUser
let member: TeamUser

test.beforeAll(async () => {
  test.setTimeout(60_000)
  const team = await createTeam('Templaters', ['analyst', 'member'])
  ;[analyst, member] = team.users as [TeamUser, TeamUser]
})

const section = (page: Page, n: number) => page.getByRole('group', { name: `Section ${n}`, exact: true })

/** Adds an item to one of a section's lists and types it; each add is a round trip without JavaScript. */
async function addItem(page: Page, n: number, kind: 'question' | 'key information', text: string) {
  const list = section(page, n).getByRole('group', {
    name: kind === 'question' ? 'Suggested questions' : 'Key information to capture',
  })
  const before = await list.getByRole('textbox').count()
  await section(page, n)
    .getByRole('button', { name: `Add ${kind} to section ${n}` })
    .click()
  const label = kind === 'question' ? 'Question' : 'Key information'
  const item = list.getByRole('textbox', { name: `${label} ${before + 1} of section ${n}`, exact: true })
  await item.fill(text)
}

async function fillSection(page: Page, n: number, title: string, minutes: number, questions: string[]) {
  await section(page, n).getByLabel('Section title').fill(title)
  await section(page, n).getByLabel('Time allocation (minutes)').fill(String(minutes))
  for (const question of questions) await addItem(page, n, 'question', question)
}

const itemsOf = (locator: Locator) => locator.getByRole('listitem').allInnerTexts()

test.describe('conversation templates', () => {
  test('lists the five sample templates, filters them by phase, and passes axe', async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, member.username, member.password, { to: '/conversation-templates' })
    await expect(page.getByRole('heading', { name: 'Conversation Templates', level: 1 })).toBeVisible()
    const cards = page.getByRole('article')
    await expect(cards).toHaveCount(5)
    const discovery = cards.filter({ hasText: 'Initial Discovery Meeting' })
    await expect(discovery).toContainText('Orientation & Assessment')
    await expect(discovery).toContainText('90 minutes')
    await expect(discovery).toContainText(/\d+ sections/)
    // A member reads and uses templates; changing them is for admins and analysts.
    await expect(page.getByRole('link', { name: 'Create Template' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Edit/ })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Delete/ })).toHaveCount(0)
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // With JavaScript a phase applies as soon as it is chosen; without it, Filter sends the form.
    const filter = async (label: string) => {
      await page.getByLabel('Phase').selectOption({ label })
      if (!javaScriptEnabled) await page.getByRole('button', { name: 'Filter' }).click()
    }
    await filter('Post-Exit Future')
    await expect(page).toHaveURL(/phase=phase-4/)
    await expect(cards).toHaveCount(1)
    await expect(cards).toContainText('Wealth Management After Exit')
    await filter('All Phases')
    await expect(cards).toHaveCount(5)
    await expect(page.getByRole('button', { name: 'Filter' })).toBeVisible()

    await page.goto('/conversation-templates/new')
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  })

  test('shows a template in full and starts a conversation from it', async ({ page, javaScriptEnabled }) => {
    await signInAs(page, member.username, member.password, { to: '/conversation-templates' })
    await page
      .getByRole('article')
      .filter({ hasText: 'Family Succession Planning' })
      .getByRole('link', { name: 'View Family Succession Planning' })
      .click()
    await expect(page.getByRole('heading', { name: 'Family Succession Planning', level: 1 })).toBeVisible()
    await expect(page.getByText('75 minutes', { exact: true })).toBeVisible()
    await expect(page.getByText('Decision & Transition')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Templates' })).toBeVisible()
    await expect(page.getByText('Required', { exact: true }).first()).toBeVisible()
    const firstSection = page.getByRole('region', { name: 'Sections' }).getByRole('listitem').first()
    const sectionTitle = (await firstSection.getByRole('heading', { level: 3 }).innerText()).split('\n')[0]!
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Start Conversation' }).click()
    await expect(page).toHaveURL(/\/chat\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Family Succession Planning' }).first()).toBeVisible()
    const plan = page.getByRole('list', { name: 'Messages' })
    await expect(plan).toContainText(sectionTitle.replace(/\s+\d+ minutes$/, ''))
    await expect(plan).toContainText('Questions to ask')
  })

  test('creates a template with lists edited in place, edits it, and deletes it after the confirm step', async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, analyst.username, analyst.password, { to: '/conversation-templates' })
    await page.getByRole('link', { name: 'Create Template' }).click()
    await expect(page.getByRole('heading', { name: 'Create Template', level: 1 })).toBeVisible()
    // Spec §9 defaults.
    await expect(page.getByLabel('Template name')).toHaveValue('New Template')
    await expect(section(page, 1).getByLabel('Section title')).toHaveValue('Introduction')
    await expect(section(page, 1).getByLabel('Time allocation (minutes)')).toHaveValue('10')
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    await page.getByLabel('Template name').fill('Management buyout kickoff')
    await page.getByLabel('Exit planning phase').selectOption({ label: 'Decision & Transition' })
    await page.getByLabel('Description').fill('First meeting with the management team that wants to buy the company.')
    await fillSection(page, 1, 'Why the team wants to buy', 20, [
      'What would you change first?',
      'Who leads the team after the owner leaves?',
    ])
    await page.getByRole('button', { name: 'Add section' }).click()
    await expect(section(page, 2).getByLabel('Time allocation (minutes)')).toHaveValue('15')
    await fillSection(page, 2, 'Financing the purchase', 25, [
      'How much equity can the team put in?',
      'Has a lender seen the numbers?',
    ])
    await page.getByRole('button', { name: 'Add section' }).click()
    await fillSection(page, 3, 'Next steps', 10, ['Who drafts the letter of intent?', 'When do we meet again?'])

    await section(page, 1).getByRole('button', { name: 'Remove question 2 of section 1' }).click()
    await addItem(page, 2, 'key information', 'Equity each manager commits')
    await page.getByRole('button', { name: 'Create Template' }).click()

    await expect(page.getByRole('heading', { name: 'Management buyout kickoff', level: 1 })).toBeVisible()
    await expect(page.getByRole('status').getByText('Template created')).toBeVisible()
    await expect(page.getByText('55 minutes', { exact: true })).toBeVisible()
    const saved = page.getByRole('region', { name: 'Sections' }).locator('ol > li')
    await expect(saved).toHaveCount(3)
    await expect(saved.nth(0).getByRole('heading', { level: 3 })).toHaveText('Why the team wants to buy 20 minutes')
    expect(await itemsOf(saved.nth(0))).toEqual(['What would you change first?'])
    await expect(saved.nth(1).getByRole('heading', { level: 3 })).toHaveText('Financing the purchase 25 minutes')
    expect(await itemsOf(saved.nth(1))).toEqual([
      'How much equity can the team put in?',
      'Has a lender seen the numbers?',
      'Equity each manager commits',
    ])
    expect(await itemsOf(saved.nth(2))).toEqual(['Who drafts the letter of intent?', 'When do we meet again?'])

    await page.getByRole('link', { name: 'Edit', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Edit Template', level: 1 })).toBeVisible()
    await expect(section(page, 2).getByLabel('Section title')).toHaveValue('Financing the purchase')
    if (javaScriptEnabled) await expectNoAxeViolations(page)
    await page.getByLabel('Template name').fill('Management buyout kickoff meeting')
    await section(page, 3).getByLabel('Time allocation (minutes)').fill('15')
    await page.getByRole('button', { name: 'Update Template' }).click()
    await expect(page.getByRole('heading', { name: 'Management buyout kickoff meeting', level: 1 })).toBeVisible()
    await expect(page.getByRole('status').getByText('Template updated')).toBeVisible()
    await expect(page.getByText('60 minutes', { exact: true })).toBeVisible()

    await page.getByRole('link', { name: 'Back to Templates' }).click()
    const card = page.getByRole('article').filter({ hasText: 'Management buyout kickoff meeting' })
    await card.getByRole('link', { name: 'Delete Management buyout kickoff meeting' }).click()
    await expect(
      card.getByText('Are you sure you want to delete this template? This action cannot be undone.'),
    ).toBeVisible()
    await card.getByRole('link', { name: 'Cancel' }).click()
    await expect(card.getByRole('button', { name: 'Delete template' })).toHaveCount(0)
    await card.getByRole('link', { name: 'Delete Management buyout kickoff meeting' }).click()
    await card.getByRole('button', { name: 'Delete template' }).click()
    await expect(page.getByRole('status').getByText('Template deleted')).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: 'Management buyout kickoff meeting' })).toHaveCount(0)
    await expect(page.getByRole('article')).toHaveCount(5)
  })

  test('offers to start a conversation from a followed /chat?template= link, creating nothing until asked', async ({
    page,
  }) => {
    await signInAs(page, member.username, member.password, { to: '/conversation-templates' })
    const href = await page
      .getByRole('link', { name: 'Wealth Management After Exit', exact: true })
      .getAttribute('href')
    const id = href!.split('/').pop()!
    await page.goto(`/chat?template=${id}`)
    await page.reload()
    const offer = page.getByRole('region', { name: 'Conversation' })
    await expect(offer.getByRole('heading', { name: 'Wealth Management After Exit' })).toBeVisible()
    await expect(offer).toContainText('Post-Exit Future: 60 minutes')
    const sidebar = page.getByRole('navigation', { name: 'Conversations' })
    const before = await sidebar.getByRole('link', { name: /^Wealth Management After/ }).count()
    await offer.getByRole('button', { name: 'Start Conversation' }).click()
    await expect(page).toHaveURL(/\/chat\/\d+$/)
    await expect(sidebar.getByRole('link', { name: /^Wealth Management After/ })).toHaveCount(before + 1)
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Follow-up actions')
  })

  test("answers 404 'Template not found' for a template that is not there", async ({ page }) => {
    await signInAs(page, member.username, member.password)
    const response = await page.goto('/conversation-templates/view/template-999999')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Template not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Templates' }).click()
    await expect(page.getByRole('heading', { name: 'Conversation Templates', level: 1 })).toBeVisible()
  })
})
