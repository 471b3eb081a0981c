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
