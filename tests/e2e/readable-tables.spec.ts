import { expect, test } from '@playwright/test'

import { api, apiSignIn, createTeam, type TeamUser } from './support/api'
import { type UploadedDocument, uploadProcessed } from './support/documents'
import { expectNoAxeViolations, signInAs } from './support/fixtures'
import { financialsWorkbook } from './support/workbook'

test.describe('tables a reader can read', () => {
  let analyst: TeamUser
  let financials: UploadedDocument

  test.describe.configure({ mode: 'default' })
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    const team = await createTeam('Tables', ['analyst'])
    analyst = team.users[0]!
    ;[financials] = await uploadProcessed(analyst, team.organization.slug, [
      { title: 'Financials', path: financialsWorkbook() },
    ])
  })

  for (const width of [1280, 360]) {
    test(`a sheet previews as a table with grouped figures, named "Sheet 1 of 2", at ${width} px`, async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      await signInAs(page, analyst.username, analyst.password, { to: `/documents/${financials.id}?tab=preview&page=1` })
      await expect(page.getByRole('heading', { name: 'Sheet 1 of 2: Income Statement' })).toBeVisible()
      const table = page.getByRole('region', { name: 'Table 1' }).getByRole('table')
      await expect(table.getByRole('columnheader')).toHaveText(['Line item', 'FY2023', 'FY2024'])
      await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['Revenue', '21,800,000', '26,100,000'])
      // A figure stays on one line, however narrow the screen: the table scrolls instead.
      for (const cell of await table.getByRole('cell', { name: /\d{1,3}(,\d{3})+/ }).all()) {
        const lines = await cell.evaluate((element) => {
          const range = document.createRange()
          range.selectNodeContents(element)
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
        })
        expect(lines).toBe(1)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      if (javaScriptEnabled) await expectNoAxeViolations(page)

      await page.getByRole('link', { name: 'Next: Customers' }).click()
      await expect(page.getByRole('heading', { name: 'Sheet 2 of 2: Customers' })).toBeVisible()
    })
  }

  test('a computed answer reads its figures grouped, each still a link to its cell, at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    const { access } = await apiSignIn(analyst.username, analyst.password)
    const conversation = await api<{ id: number }>('POST', '/conversations/', {
      token: access,
      body: { title: 'Gross profit', document_ids: [financials.id] },
    })
    await api('POST', `/conversations/${conversation.id}/add_message/`, {
      token: access,
      body: { content: 'What was the gross profit in FY2024 and FY2023?' },
    })
    await signInAs(page, analyst.username, analyst.password, { to: `/chat/${conversation.id}` })
    const operand = page.locator('.derivation-operand a').first()
    await expect(operand).toHaveText('10,962,000')
    await expect(operand).toHaveAccessibleName(/^10,962,000: Gross profit, FY2024/)
    await expect(operand).toHaveAttribute('href', new RegExp(`^/documents/${financials.id}\\?chunk=`))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })
})
