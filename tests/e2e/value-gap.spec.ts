import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { createTeam } from './support/api'
import { uploadProcessed } from './support/documents'
import { expectNoAxeViolations, signInAs, tabTo } from './support/fixtures'

const SALE_FILE = path.resolve(import.meta.dirname, '../fixtures/sale-file')
const form = (page: Page) => page.getByRole('region', { name: 'Set the multiples and rates' })
const result = (page: Page) => page.getByRole('region', { name: 'What a sale would leave the owner' })
const row = (page: Page, name: string) => result(page).getByRole('row', { name: new RegExp(`^${name}`) })

// Issue 34 item 2: the value gap on /readiness/value-gap, from the sale file and the advisor's entries.
test.describe('value gap', () => {
  test('an analyst sets the multiples and rates by keyboard and sees the gap; a refused rate shows on its field; a member reads it', async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    test.slow()
    const { organization, users } = await createTeam('Value gap', ['analyst', 'member'])
    const [analyst, member] = users as [(typeof users)[0], (typeof users)[0]]
    await uploadProcessed(analyst, organization.slug, [
      { title: 'Income statement FY2023-FY2025', path: path.join(SALE_FILE, 'income-statement.csv') },
      { title: 'Owner adjustments FY2025', path: path.join(SALE_FILE, 'add-backs.csv') },
      { title: "Renata's memo on what she needs", path: path.join(SALE_FILE, 'owner-memo.txt') },
    ])
    await signInAs(page, analyst.username, analyst.password, { to: '/readiness/value-gap' })
    await expect(page.getByRole('heading', { name: 'Value gap', level: 2 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Not enough is known yet' })).toBeVisible()
    const ebitda = page.locator('#input-ebitda')
    await expect(ebitda).toContainText('Reported EBITDA: $1,184,000')
    await expect(ebitda.getByRole('link', { name: 'Income statement FY2023-FY2025' })).toHaveAttribute(
      'href',
      /^\/documents\/\d+\?chunk=\d+&cell=\d+\.\d+\.\d+#cell-/,
    )
    await expect(page.locator('#input-goal_after_tax')).toContainText('$5,000,000')
    await expect(page.locator('#input-multiple_mid')).toContainText('Missing: Not entered yet')

    // The multiples and rates, by keyboard alone.
    const entries = form(page)
    for (const [label, value] of [
      ['Multiple, low', '5'],
      ['Multiple, mid', '5.4'],
      ['Multiple, high', '5.9'],
      ['Transaction costs (%)', '6'],
      ['Tax (%)', '23.8'],
    ] as const) {
      await tabTo(page, entries.getByLabel(label))
      await page.keyboard.type(value)
    }
    await tabTo(page, entries.getByRole('button', { name: 'Save the value gap inputs' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').getByText('Value gap inputs saved')).toBeVisible()

    // 1,349,500 normalized × 5 / 5.4 / 5.9, less 6% and then 23.8%, against $5,000,000.
    await expect(row(page, 'Enterprise value')).toContainText('$6,747,500$7,287,300$7,962,050')
    await expect(row(page, 'Net proceeds')).toContainText('$4,833,099.30$5,219,747.24$5,703,057.17')
    await expect(row(page, 'Gap or surplus')).toContainText(
      'Shortfall $166,900.70Surplus $219,747.24Surplus $703,057.17',
    )
    await result(page).getByText('How this is worked out').click()
    await expect(result(page)).toContainText('Transaction costs: $6,747,500 × 6% = $404,850')
    await expect(page.locator('#input-tax_percent')).toContainText(
      new RegExp(`Tax \\(%\\): 23\\.8% \\(entered by ${analyst.username} on [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\)`),
    )
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // A rate over 100% is refused on its field, and nothing changes.
    await form(page).getByLabel('Tax (%)').fill('150')
    await form(page).getByRole('button', { name: 'Save the value gap inputs' }).click()
    const tax = form(page).getByLabel('Tax (%)')
    await expect(tax).toHaveAttribute('aria-invalid', 'true')
    const errorId = await tax.getAttribute('aria-describedby')
    await expect(page.locator(`[id="${errorId?.split(' ')[0]}"]`)).toHaveText('Enter a percentage between 0 and 100')
    await page.goto('/readiness/value-gap')
    await expect(page.locator('#input-tax_percent')).toContainText('23.8%')

    // A rule only the backend knows (an amount's digits) comes back on its field too.
    await form(page).getByLabel('Goal after tax ($)').fill('1234567890123456')
    await form(page).getByRole('button', { name: 'Save the value gap inputs' }).click()
    const goal = form(page).getByLabel('Goal after tax ($)')
    await expect(goal).toHaveAttribute('aria-invalid', 'true')
    await expect(form(page)).toContainText('Enter at most 15 digits before the point.')
    await page.goto('/readiness/value-gap')
    await expect(page.locator('#input-goal_after_tax')).toContainText('$5,000,000')

    // An amount typed as people write it (issue 47 item 4), and shown back the same way.
    await form(page).getByLabel('Goal after tax ($)').fill('$5.25M')
    await form(page).getByRole('button', { name: 'Save the value gap inputs' }).click()
    await expect(page.getByRole('status').getByText('Value gap inputs saved')).toBeVisible()
    await expect(page.locator('#input-goal_after_tax')).toContainText(
      `After-tax amount the owner needs: $5,250,000 (entered by ${analyst.username}`,
    )
    // A page drawn anew writes the entry as money; with JS the field keeps what was typed.
    await expect(form(page).getByLabel('Goal after tax ($)')).toHaveValue(javaScriptEnabled ? '$5.25M' : '$5,250,000')

    // The member reads the same gap, with no form.
    const context = await browser.newContext({ javaScriptEnabled })
    const memberPage = await context.newPage()
    await signInAs(memberPage, member.username, member.password, { to: '/readiness/value-gap' })
    await expect(row(memberPage, 'Net proceeds')).toContainText('$5,219,747.24')
    await expect(memberPage.locator('#input-multiple_low')).toContainText(`entered by ${analyst.username}`)
    await expect(memberPage.locator('.value-gap form')).toHaveCount(0)
    await expect(memberPage.getByRole('heading', { name: 'Set the multiples and rates' })).toHaveCount(0)
    await context.close()
  })
})
