import { expect, type Page, test } from '@playwright/test'

import { createTeam, type TeamUser } from './support/api'
import { expectNoAxeViolations, signInAs } from './support/fixtures'

/** Schedules a meeting from the form, its time typed as the form asks, and opens it. */
async function schedule(page: Page, label: string, title: string) {
  await page.goto('/transcriptions/new')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel(label).fill('2026-12-10T15:00')
  await page.getByRole('group', { name: 'Participant 1' }).getByLabel('Name').fill('Lena Ortiz')
  await page.getByRole('button', { name: 'Schedule Meeting' }).click()
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
}

test('a time zone chosen in the profile is the one times are shown and typed in', async ({
  page,
  javaScriptEnabled,
}) => {
  const { users } = await createTeam('Zones', ['analyst'])
  const [analyst] = users as [TeamUser]
  await signInAs(page, analyst.username, analyst.password, { to: '/profile' })

  // Nothing chosen, in a browser whose clock is on UTC: the page says which zone it uses and why.
  const zone = page.getByLabel('Show and enter times in')
  await expect(zone).toHaveValue('')
  const help = page.getByRole('region', { name: 'Time zone' })
  await expect(help).toContainText('Times are in UTC: your browser has not told its time zone')
  // With JavaScript the first page tells it, for the pages after.
  await page.reload()
  await expect(help).toContainText(
    javaScriptEnabled ? "Times are in UTC, your browser's time zone." : 'your browser has not told its time zone',
  )
  // Each zone with its offset from UTC today (+13:00 in New Zealand's summer, +12:00 in its winter).
  await expect(zone.locator('option[value="Pacific/Auckland"]')).toHaveText(/^Auckland, UTC\+1[23]:00$/)
  await expect(zone.locator('option[value="UTC"]')).toHaveText('UTC, UTC+00:00')
  await zone.selectOption('Pacific/Auckland')
  await page.getByRole('button', { name: 'Save time zone' }).click()
  await expect(page.getByRole('status').getByText('Times are now shown in Pacific/Auckland.')).toBeVisible()
  await expect(zone).toHaveValue('Pacific/Auckland')
  await expect(help).toContainText('Times are in Pacific/Auckland, the time zone set in your profile.')
  if (javaScriptEnabled) await expectNoAxeViolations(page)

  // 3 pm in Auckland on December 10 is 2 am UTC the same day.
  await expect(page.getByText(/You can choose another in your profile/)).toHaveCount(0)
  await schedule(page, 'Date and time (Pacific/Auckland)', 'Auckland kick-off')
  await expect(page.getByText('Dec 10, 2026, 3:00 PM GMT+13')).toBeVisible()
  const meeting = page.url()

  // Back to the browser's zone: the same meeting, at the same instant, read on UTC.
  await page.goto('/profile')
  await zone.selectOption({ value: '' })
  await page.getByRole('button', { name: 'Save time zone' }).click()
  await expect(page.getByRole('status').getByText("Times now follow your browser's time zone.")).toBeVisible()
  await page.goto(meeting)
  await expect(page.getByText('Dec 10, 2026, 2:00 AM UTC')).toBeVisible()
})

test('the schedule form names its zone and the way to change it', async ({ page }) => {
  const { users } = await createTeam('Zone form', ['analyst'])
  const [analyst] = users as [TeamUser]
  await signInAs(page, analyst.username, analyst.password, { to: '/transcriptions/new' })
  const when = page.getByLabel('Date and time (UTC)')
  await expect(when).toHaveAccessibleDescription(/^Times are in UTC.* You can choose another in your profile\.$/)
  await page.getByRole('link', { name: 'your profile' }).click()
  await expect(page).toHaveURL(/\/profile#time-zone$/)
})

test('a zone under its old name is found by its new one; one not on the list is refused, changing nothing', async ({
  page,
}) => {
  const { users } = await createTeam('Zone refusal', ['member'])
  const [member] = users as [TeamUser]
  await signInAs(page, member.username, member.password, { to: '/profile' })
  // A zone Intl keeps under its old name is listed as people now write it, and saved as Intl knows it.
  await page.getByLabel('Show and enter times in').selectOption({ label: 'Kolkata (Calcutta), UTC+05:30' })
  await page.getByRole('button', { name: 'Save time zone' }).click()
  await expect(page.getByRole('status').getByText('Times are now shown in Asia/Calcutta.')).toBeVisible()
  // What a hand-made request could send: the server checks it, whatever the browser allowed.
  const response = await page.request.post('/profile', {
    form: { intent: 'set-time-zone', time_zone: 'Mars/Olympus_Mons' },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('Choose a time zone from the list')
  await page.reload()
  await expect(page.getByLabel('Show and enter times in')).toHaveValue('Asia/Calcutta')
})

test("the plan's first sprint begins on the reader's day, not UTC's (issue 47 item 16)", async ({ page }) => {
  // A zone whose calendar is on another day than UTC's now, at least half an hour from its midnight:
  // Pago Pago (UTC−11) is a day behind before 11:00 UTC, Kiritimati (UTC+14) a day ahead from 10:00.
  const now = new Date()
  const zone = now.getUTCHours() * 60 + now.getUTCMinutes() < 10 * 60 + 30 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati'
  const day = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(now)
  expect(day(zone)).not.toBe(day('UTC'))

  const { users } = await createTeam('Zone plan', ['analyst'])
  const [analyst] = users as [TeamUser]
  await signInAs(page, analyst.username, analyst.password, { to: '/profile' })
  await page.getByLabel('Show and enter times in').selectOption(zone)
  await page.getByRole('button', { name: 'Save time zone' }).click()
  await expect(page.getByRole('status').getByText(`Times are now shown in ${zone}.`)).toBeVisible()

  await page.goto('/actions')
  const add = page.getByRole('region', { name: 'Add a task' })
  await add.getByLabel('Task').fill('Ask the landlord for an estoppel letter')
  await add.getByRole('button', { name: 'Add the task' }).click()
  await expect(page.getByText(`Sprint 1 began ${day(zone)}, the day the first task was added`)).toBeVisible()
})
