import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { SALE_FILE } from '../fixtures/sale-file'
import { api, apiSignIn, createTeam, uploadTranscript } from './support/api'
import { uploadProcessed } from './support/documents'
import { expectNoAxeViolations, signInAs, tabTo } from './support/fixtures'

const DAY_MS = 24 * 60 * 60 * 1000
/** A day from today (UTC, as the plan counts), as the API writes it and as a date field is typed. */
function dayFromToday(days: number) {
  const iso = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
  const [year, month, day] = iso.split('-')
  return { iso, typed: `${month}/${day}/${year}` }
}

const CALL = [
  '[00:00:05] Nina Park: Thanks for joining. Let us settle the next steps for the sale.',
  '[00:00:20] Oscar Lund: I will send the customer revenue breakdown by Friday.',
].join('\n')
const MEETING_TASK = 'Send the customer revenue breakdown by Friday'

const taskCard = (page: Page, title: string) => page.locator('.task', { hasText: title })
const toast = (page: Page, text: string) => page.getByRole('status').getByText(text)

/** A team whose analyst held a meeting with one action item, its transcript processed. */
async function teamWithMeeting(label: string) {
  const team = await createTeam(label, ['analyst', 'member'])
  const [analyst, member] = team.users as [(typeof team.users)[0], (typeof team.users)[0]]
  const { access } = await apiSignIn(analyst.username, analyst.password)
  const meeting = await api<{ id: string }>('POST', '/meetings/', {
    token: access,
    body: {
      title: 'Next steps call',
      date: '2026-11-18T15:00:00Z',
      duration: 30,
      participants: [
        { name: 'Nina Park', role: 'advisor' },
        { name: 'Oscar Lund', email: 'oscar.lund@client.example', role: 'client' },
      ],
    },
  })
  await uploadTranscript(access, meeting.id, { name: 'next-steps.txt', text: CALL })
  return { analyst, member, meeting, access, organization: team.organization }
}

// Issue 34 item 4: the action plan on /actions, gathered from the organization's sources.
test.describe('action plan', () => {
  test('an analyst gathers tasks (one from a processed meeting), completes one, adds one by hand; the dashboard shows it due; a member reads', async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    test.slow()
    const { analyst, member, meeting } = await teamWithMeeting('Actions')
    await signInAs(page, analyst.username, analyst.password, { to: '/actions' })
    await expect(page.getByRole('heading', { name: 'Action plan', level: 1 })).toBeVisible()
    await expect(page.getByText('The plan is empty.')).toBeVisible()

    // The meeting's action item is suggested, linked to its meeting, and added on its own.
    const suggestions = page.getByRole('region', { name: 'Suggested tasks' })
    const suggestion = suggestions.getByRole('listitem').filter({ hasText: MEETING_TASK })
    await expect(suggestion.getByRole('link', { name: 'Meeting: Next steps call' })).toHaveAttribute(
      'href',
      `/transcriptions/${meeting.id}`,
    )
    await expect(suggestion).toContainText('Asked of Oscar Lund in the meeting.')
    const next = await suggestion.locator('input[name="next"]').inputValue()
    expect(next).not.toBe('')
    await suggestion.getByRole('button', { name: `Add “${MEETING_TASK}” to plan` }).click()
    await expect(toast(page, 'Task added')).toBeVisible()
    // Back in the list at the suggestion that followed (issue 47 item 7), not at the top of the page.
    expect(new URL(page.url()).hash).toBe(`#suggestion-${next}`)
    const following = page.locator(`[id="suggestion-${next}"]`)
    await expect(following).toBeInViewport()
    if (javaScriptEnabled) await expect(following).toBeFocused()
    const added = taskCard(page, MEETING_TASK)
    await expect(added.locator('.status').first()).toHaveText('Open')
    await expect(added.getByRole('link', { name: 'Meeting: Next steps call' })).toBeVisible()
    await expect(suggestions.getByText(MEETING_TASK)).toHaveCount(0)

    // Everything else at once: the checklist's gaps among them.
    const addAll = suggestions.getByRole('button', { name: /^Add all \d+ to the plan$/ })
    const count = Number(/\d+/.exec((await addAll.textContent()) ?? '')![0])
    await addAll.click()
    await expect(toast(page, `${count} tasks added`)).toBeVisible()
    await expect(
      taskCard(page, 'Provide: Annual financial statements').getByRole('link', {
        name: 'Due-diligence checklist: Financial',
      }),
    ).toHaveAttribute('href', '/readiness/checklist#item-financial-statements')

    // Completing the meeting's task.
    await taskCard(page, MEETING_TASK)
      .getByRole('button', { name: `Mark done “${MEETING_TASK}”` })
      .click()
    await expect(toast(page, 'Task done')).toBeVisible()
    await expect(taskCard(page, MEETING_TASK).locator('.status').first()).toHaveText('Done')
    await expect(taskCard(page, MEETING_TASK).getByRole('button', { name: `Reopen “${MEETING_TASK}”` })).toBeVisible()

    // A task by hand, due in two days: it lands in Sprint 1 and on the dashboard.
    const due = dayFromToday(2)
    const add = page.getByRole('region', { name: 'Add a task' })
    await add.getByLabel('Task').fill('Book the quality-of-earnings review')
    await add.getByLabel('Owner').selectOption({ label: member.username })
    await add.getByLabel('Due date').fill(due.iso)
    await add.getByRole('button', { name: 'Add the task' }).click()
    await expect(toast(page, 'Task added')).toBeVisible()
    const sprint = page.getByRole('region', { name: /^Sprint 1: .+ – .+ \(now\)$/ })
    const byHand = sprint.locator('.task', { hasText: 'Book the quality-of-earnings review' })
    await expect(byHand).toContainText(`Owner: ${member.username}`)
    await expect(byHand).toContainText('Added by hand')
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // Removing asks first.
    const extra = page.getByRole('region', { name: 'Not scheduled' }).locator('.task').first()
    const extraTitle = (await extra.locator('.task-title').textContent())!
    await extra.getByRole('link', { name: `Remove “${extraTitle}”` }).click()
    await page.getByRole('button', { name: 'Remove the task' }).click()
    await expect(toast(page, 'Task removed')).toBeVisible()
    await expect(page.locator('.task-title', { hasText: extraTitle })).toHaveCount(0)

    await page.goto('/dashboard')
    const dueCard = page.getByRole('region', { name: 'Due this week' })
    await expect(dueCard.getByRole('link', { name: 'Book the quality-of-earnings review' })).toHaveAttribute(
      'href',
      /^\/actions#task-\d+$/,
    )
    await expect(dueCard).toContainText(member.username)

    // The member reads the plan, with no forms.
    const context = await browser.newContext({ javaScriptEnabled })
    const memberPage = await context.newPage()
    await signInAs(memberPage, member.username, member.password, { to: '/actions' })
    await expect(taskCard(memberPage, 'Book the quality-of-earnings review')).toBeVisible()
    await expect(taskCard(memberPage, MEETING_TASK).locator('.status').first()).toHaveText('Done')
    await expect(memberPage.locator('.actions-page form')).toHaveCount(0)
    await expect(memberPage.getByRole('heading', { name: 'Add a task' })).toHaveCount(0)
    await expect(
      memberPage.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Actions' }),
    ).toHaveAttribute('href', '/actions')
    await context.close()
  })

  test('an analyst adds a task, starts it and completes it with the keyboard alone; a blank task is refused on its field', async ({
    page,
  }) => {
    const { users } = await createTeam('Actions keys', ['analyst'])
    const analyst = users[0]!
    await signInAs(page, analyst.username, analyst.password, { to: '/actions' })
    const add = page.getByRole('region', { name: 'Add a task' })

    // Spaces pass the browser's "required" but are no task.
    await add.getByLabel('Task').fill('   ')
    await add.getByRole('button', { name: 'Add the task' }).click()
    const refused = page.getByRole('region', { name: 'Add a task' }).getByLabel('Task')
    await expect(refused).toHaveAttribute('aria-invalid', 'true')
    await expect(refused).toHaveAccessibleDescription('Say what is to be done')

    const due = dayFromToday(5)
    await tabTo(page, add.getByLabel('Task'))
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Draft the buyer list')
    await tabTo(page, add.getByLabel('Due date'))
    await page.keyboard.type(due.typed)
    await tabTo(page, add.getByRole('button', { name: 'Add the task' }))
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Task added')).toBeVisible()
    // The form starts empty for the next task (issue 47 item 6), with JavaScript as without.
    await expect(add.getByLabel('Task')).toHaveValue('')
    await expect(add.getByLabel('Due date')).toHaveValue('')

    await tabTo(page, page.getByRole('button', { name: 'Start “Draft the buyer list”' }))
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Task started')).toBeVisible()
    await expect(taskCard(page, 'Draft the buyer list').locator('.status').first()).toHaveText('In progress')

    await tabTo(page, page.getByRole('button', { name: 'Mark done “Draft the buyer list”' }))
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Task done')).toBeVisible()
    await expect(taskCard(page, 'Draft the buyer list').locator('.status').first()).toHaveText('Done')
  })

  // Issue 47 item 9: suggestions by source, the weak drivers first, each saying what to do.
  test('suggestions are grouped by source under headings, a weak driver first naming the largest customer; adding it by keyboard goes to the next group', async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow()
    const { analyst, meeting, access, organization } = await teamWithMeeting('Suggestions')
    await uploadProcessed(analyst, organization.slug, [
      { title: 'Customers FY2025', path: path.join(SALE_FILE, 'customers.csv') },
    ])
    await api('PUT', '/assessment/answers/customers.contracts/', { token: access, body: { score: 1 } })
    await signInAs(page, analyst.username, analyst.password, { to: '/actions' })

    const suggestions = page.getByRole('region', { name: 'Suggested tasks' })
    await expect(suggestions.getByRole('heading', { level: 3 })).toHaveText([
      'Weak readiness drivers',
      'Action items from meetings',
      'Gaps in the due-diligence checklist',
    ])
    const drivers = suggestions.getByRole('region', { name: 'Weak readiness drivers' })
    const title = 'Sign a multi-year contract with Ridgeline Builders (18.0% of revenue)'
    const driver = drivers.getByRole('listitem')
    await expect(driver).toHaveCount(1)
    await expect(driver.locator('.suggestion-title')).toHaveText(title)
    await expect(driver).toContainText('Ridgeline Builders brings 18.0% of revenue (from “Customers FY2025”).')
    await expect(driver.getByRole('link', { name: 'Readiness driver: Customer concentration' })).toHaveAttribute(
      'href',
      '/readiness?driver=customers',
    )
    const meetings = suggestions.getByRole('region', { name: 'Action items from meetings' })
    await expect(meetings.getByRole('listitem').filter({ hasText: MEETING_TASK })).toHaveCount(1)
    await expect(
      suggestions
        .getByRole('region', { name: 'Gaps in the due-diligence checklist' })
        .getByRole('listitem')
        .filter({ hasText: 'Provide: Annual financial statements' }),
    ).toHaveCount(1)
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // Added by keyboard, the page comes back at the first of the next group: the meeting's item.
    const row = Number(/^meet-(\d+)$/.exec(meeting.id)![1])
    const next = await driver.locator('input[name="next"]').inputValue()
    expect(next).toMatch(new RegExp(`^meeting:${row}:\\d+$`))
    await tabTo(page, driver.getByRole('button', { name: `Add “${title}” to plan` }))
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Task added')).toBeVisible()
    expect(new URL(page.url()).hash).toBe(`#suggestion-${next}`)
    const following = page.locator(`[id="suggestion-${next}"]`)
    await expect(following).toBeInViewport()
    if (javaScriptEnabled) await expect(following).toBeFocused()
    await expect(taskCard(page, title)).toBeVisible()
    await expect(suggestions.getByRole('heading', { level: 3 })).toHaveText([
      'Action items from meetings',
      'Gaps in the due-diligence checklist',
    ])
  })

  test('a due date that does not exist is refused on its field as typed, and nothing is saved', async ({ page }) => {
    const { users } = await createTeam('Actions dates', ['analyst'])
    const analyst = users[0]!
    await signInAs(page, analyst.username, analyst.password, { to: '/actions' })
    const add = () => page.getByRole('region', { name: 'Add a task' })

    // Issue 47 item 5: typed, as an advisor does, a day February does not have.
    await add().getByLabel('Task').fill('Call the landlord about the lease')
    await tabTo(page, add().getByLabel('Due date'))
    await page.keyboard.type('02/30/2026')
    await add().getByRole('button', { name: 'Add the task' }).click()
    const due = add().getByLabel('Due date')
    await expect(due).toHaveAttribute('aria-invalid', 'true')
    await expect(due).toHaveAccessibleDescription(/^Enter a real date: February 2026 has 28 days/)
    await expect(due).toHaveValue('02/30/2026')
    await expect(add().getByLabel('Task')).toHaveValue('Call the landlord about the lease')
    await expect(taskCard(page, 'Call the landlord about the lease')).toHaveCount(0)

    // Put right, it is added with that day; its edit form shows the day as it is typed.
    await due.fill('03/02/2026')
    await add().getByRole('button', { name: 'Add the task' }).click()
    await expect(toast(page, 'Task added')).toBeVisible()
    const added = taskCard(page, 'Call the landlord about the lease')
    await expect(added).toContainText('Due Mar 2, 2026')

    // Editing it to a day April does not have keeps the task's date, and says why on the field.
    await added.locator('summary').click()
    await added.getByLabel('Due date').fill('04/31/2026')
    await added.getByRole('button', { name: 'Save “Call the landlord about the lease”' }).click()
    const edited = taskCard(page, 'Call the landlord about the lease').getByLabel('Due date')
    await expect(edited).toHaveAccessibleDescription(/^Enter a real date: April 2026 has 30 days/)
    await expect(edited).toHaveValue('04/31/2026')
    await page.goto('/actions')
    await expect(taskCard(page, 'Call the landlord about the lease')).toContainText('Due Mar 2, 2026')
    await taskCard(page, 'Call the landlord about the lease').locator('summary').click()
    await expect(taskCard(page, 'Call the landlord about the lease').getByLabel('Due date')).toHaveValue('03/02/2026')
  })
})
