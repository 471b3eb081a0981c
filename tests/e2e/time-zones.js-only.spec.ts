import { expect, test } from '@playwright/test'

import { createTeam, type TeamUser } from './support/api'
import { signInAs } from './support/fixtures'

// The browser's own clock, which only a script can read.
test.use({ timezoneId: 'America/New_York' })

test("with JavaScript, times are shown and typed in the browser's zone until the profile names one", async ({
  page,
}) => {
  await page.goto('/login')
  // The page tells the server its zone once, in a cookie, and is drawn again with it.
  await expect
    .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'CH-time-zone')?.value)
    .toBe('America%2FNew_York')
  const { users } = await createTeam('Browser zone', ['analyst'])
  const [analyst] = users as [TeamUser]
  await signInAs(page, analyst.username, analyst.password, { to: '/transcriptions/new' })
  const when = page.getByLabel('Date and time (America/New_York)')
  await expect(when).toHaveAccessibleDescription(/^Times are in America\/New_York, your browser's time zone\./)
  await page.getByLabel('Title').fill('New York kick-off')
  await when.fill('2026-12-10T15:00')
  await page.getByRole('group', { name: 'Participant 1' }).getByLabel('Name').fill('Lena Ortiz')
  await page.getByRole('button', { name: 'Schedule Meeting' }).click()
  await expect(page.getByRole('heading', { name: 'New York kick-off', level: 1 })).toBeVisible()
  await expect(page.getByText('Dec 10, 2026, 3:00 PM EST')).toBeVisible()
  // The profile's last sign-in is on the same clock.
  await page.goto('/profile')
  await expect(page.getByText(/, \d{1,2}:\d{2} [AP]M E[SD]T$/)).toBeVisible()
})
