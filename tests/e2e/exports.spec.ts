import { expect, test } from '@playwright/test'

import { ANALYSIS_SOURCES } from './support/analysis'
import { api, apiSignIn, createTeam, type TeamUser } from './support/api'
import { type UploadedDocument, uploadProcessed } from './support/documents'
import { downloadText } from './support/downloads'
import { expectNoAxeViolations, signInAs } from './support/fixtures'

test.describe('client-ready exports', () => {
  let analyst: TeamUser
  let organization: { name: string; slug: string }
  let memo: UploadedDocument

  test.describe.configure({ mode: 'default' })
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    const team = await createTeam('Exporters', ['analyst'])
    analyst = team.users[0]!
    organization = team.organization
    ;[memo] = await uploadProcessed(analyst, organization.slug, [ANALYSIS_SOURCES[1]!])
  })

  test('an analysis downloads as PDF and as Word, with the organization, its findings and numbered sources', async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, analyst.username, analyst.password, {
      to: `/analysis?document=${memo.id}&type=key-findings&run=1`,
    })
    const result = page.getByRole('region', { name: 'Key Findings' })
    const downloads = result.getByRole('list', { name: 'Download Key Findings' })
    await expect(downloads.getByRole('link')).toHaveText([
      'Download as PDF',
      'Download as Word',
      'Download as Markdown',
    ])
    if (javaScriptEnabled) await expectNoAxeViolations(page)
    const firstFinding = (await result.getByRole('listitem').filter({ hasNotText: 'Download as' }).first().innerText())
      .split('\n')[0]!
      .slice(0, 30)

    for (const [label, extension] of [
      ['Download as PDF', 'pdf'],
      ['Download as Word', 'docx'],
    ] as const) {
      const file = await downloadText(page, downloads.getByRole('link', { name: label }))
      expect(file.name).toBe(`${memo.title} - Key Findings.${extension}`)
      for (const expected of [organization.name, 'Key Findings', memo.title, 'Sources', '[1]', firstFinding])
        expect(file.text).toContain(expected)
      if (extension === 'pdf') expect(file.text).toMatch(/Page 1 of \d/)
    }
  })

  test('a conversation downloads as PDF and as Word, questions and answers in turn', async ({ page }) => {
    const { access } = await apiSignIn(analyst.username, analyst.password)
    const conversation = await api<{ id: number }>('POST', '/conversations/', {
      token: access,
      body: { title: 'Successor questions' },
    })
    await api('POST', `/conversations/${conversation.id}/add_message/`, {
      token: access,
      body: { content: 'Who is named as the successor?' },
    })
    await signInAs(page, analyst.username, analyst.password, { to: `/chat/${conversation.id}` })
    const answer = page.locator('.message-assistant').first()
    await expect(answer).toBeVisible()
    // The menu stays open after a download: the page is still there.
    await page.getByText('Download', { exact: true }).click()

    for (const [label, extension] of [
      ['Download as PDF', 'pdf'],
      ['Download as Word', 'docx'],
    ] as const) {
      const file = await downloadText(
        page,
        page.getByRole('list', { name: 'Download this conversation' }).getByRole('link', { name: label }),
      )
      expect(file.name).toBe(`Successor questions - Conversation.${extension}`)
      for (const expected of [
        organization.name,
        'Successor questions',
        'Question',
        'Who is named as the successor?',
        'Answer',
        memo.title,
      ])
        expect(file.text).toContain(expected)
    }
  })
})

// Issue 47, item 13: a figure stored bare (21800000) is read, on the page and in the file sent to a
// client, grouped and with the currency its column names.
test('a conversation over a sheet of bare amounts downloads with its figures as the chat states them', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { organization, users } = await createTeam('Figure exports', ['analyst'])
  const [analyst] = users as [TeamUser]
  const content = ['fiscal_year,revenue_usd,net_income_usd', '2023,21800000,-452000', '2024,24100000,1200000'].join(
    '\n',
  )
  await uploadProcessed(analyst, organization.slug, [{ title: 'Bakery financials', name: 'financials.csv', content }])
  const { access } = await apiSignIn(analyst.username, analyst.password)
  const conversation = await api<{ id: number }>('POST', '/conversations/', {
    token: access,
    body: { title: 'Bakery figures' },
  })
  await api('POST', `/conversations/${conversation.id}/add_message/`, {
    token: access,
    body: { content: 'What was revenue in 2023?' },
  })
  await signInAs(page, analyst.username, analyst.password, { to: `/chat/${conversation.id}` })
  const answer = page.locator('.message-assistant').first()
  await expect(answer).toContainText('revenue_usd, 2023: $21,800,000')
  await page.getByText('Download', { exact: true }).click()
  const file = await downloadText(
    page,
    page.getByRole('list', { name: 'Download this conversation' }).getByRole('link', { name: 'Download as PDF' }),
  )
  expect(file.text).toContain('revenue_usd, 2023: $21,800,000')
  expect(file.text).not.toContain('21800000')
})
