import path from 'node:path'

import { expect, test } from '@playwright/test'

import { SALE_FILE, SALE_FILES } from '../fixtures/sale-file'
import { api, apiSignIn, createTeam, type TeamUser } from './support/api'
import { uploadProcessed } from './support/documents'
import { downloadText } from './support/downloads'
import { signInAs, tabTo } from './support/fixtures'

// The whole sale file but the valuation letter: the gap's value then rests on the multiples.
const FILES = SALE_FILES.filter(([name]) => name !== 'valuation-letter.txt')

test.describe.configure({ mode: 'default' })

let member: TeamUser
let organization: { name: string; slug: string }

// Issue 34 item 5: the assessment, the value gap and the checklist in one client-ready file.
test.beforeAll(async () => {
  test.setTimeout(120_000)
  const team = await createTeam('Readiness report', ['analyst', 'member'])
  const [analyst] = team.users as [TeamUser, TeamUser]
  member = team.users[1]!
  organization = team.organization
  await uploadProcessed(
    analyst,
    organization.slug,
    FILES.map(([name, title]) => ({ title, path: path.join(SALE_FILE, name) })),
  )
  const { access } = await apiSignIn(analyst.username, analyst.password)
  await api('POST', '/assessment/answers/customers.largest-share/accept/', { token: access, body: {} })
  await api('POST', '/actions/', {
    token: access,
    body: { title: 'Renew the Grove City lease', due_date: '2027-02-01' },
  })
  await api('PUT', '/value-gap/', {
    token: access,
    body: {
      multiple_low: '5',
      multiple_mid: '5.4',
      multiple_high: '5.9',
      transaction_cost_percent: '6',
      tax_percent: '23.8',
    },
  })
})

test('a member downloads the readiness report by keyboard, as PDF and as Word, from any tab', async ({ page }) => {
  await signInAs(page, member.username, member.password, { to: '/readiness/checklist' })
  const downloads = page.getByRole('list', { name: 'Download the readiness report' })
  for (const [label, extension] of [
    ['Download as PDF', 'pdf'],
    ['Download as Word', 'docx'],
  ] as const) {
    const link = downloads.getByRole('link', { name: label })
    await tabTo(page, link)
    const file = await downloadText(page, link, { keyboard: true })
    expect(file.name).toBe(`${organization.name} - Readiness report.${extension}`)
    for (const expected of [
      organization.name,
      'Readiness assessment',
      'Overall 2.0 of 5',
      'Customers FY2025',
      'Value gap',
      // 1,184,000 + 165,500 of add-backs, × 5.4: the mid case's enterprise value.
      '$7,287,300',
      'Due-diligence checklist',
      'Lease summary',
      'Action plan',
      'Renew the Grove City lease',
    ])
      expect(file.text).toContain(expected)
    await page.goto('/readiness/value-gap')
  }
})

// Issue 47, item 16: one date style in prose and tables, on the reader's calendar.
test("a reader in Los Angeles gets every date of the report on their calendar, in the app's one style", async ({
  page,
}) => {
  const zone = 'America/Los_Angeles'
  // The app's style of a day ("Nov 28, 2026"), on the reader's calendar.
  const dayIn = (instant: Date | string, timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(
      new Date(instant),
    )
  const { access } = await apiSignIn(member.username, member.password)
  await api('PATCH', '/me/', { token: access, body: { time_zone: zone } })
  const { inputs } = await api<{ inputs: { multiple_mid: { source: { by: string; at: string } } } }>(
    'GET',
    '/value-gap/',
    { token: access },
  )
  const entered = inputs.multiple_mid.source
  await signInAs(page, member.username, member.password, { to: '/readiness/value-gap' })
  const file = await downloadText(
    page,
    page.getByRole('list', { name: 'Download the readiness report' }).getByRole('link', { name: 'Download as PDF' }),
  )
  expect(file.text).toContain(`Readiness report · ${dayIn(new Date(), zone)}`)
  expect(file.text).toContain(`entered by ${entered.by} on ${dayIn(entered.at, zone)}`)
  expect(file.text).toContain('Feb 1, 2027')
  expect(file.text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/)
})
