import { expect, type Page, test } from '@playwright/test'

import { createTeam } from './support/api'
import { expectNoAxeViolations, signInAs, tabTo } from './support/fixtures'

const LEASE = [
  'LEASE AGREEMENT',
  'This lease is made between Quay Properties Ltd (the Landlord) and the Tenant.',
  'The Landlord lets the premises at 4 Quay Street to the Tenant for ten years.',
].join('\n')

const itemCard = (page: Page, key: string) => page.locator(`#item-${key}`)
const figure = (page: Page) => page.locator('.checklist-figure')

// Issue 34 item 3: the buyer's request list on /readiness/checklist, matched to the organization's documents.
test.describe('due-diligence checklist', () => {
  test('an analyst sees the figure and an uploaded lease under its item, assigns by keyboard and sets one aside; a member reads it', async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    test.slow()
    const { users } = await createTeam('Checklist', ['analyst', 'member'])
    const [analyst, member] = users as [(typeof users)[0], (typeof users)[0]]
    await signInAs(page, analyst.username, analyst.password, { to: '/readiness/checklist' })
    await expect(page.getByRole('heading', { name: 'Readiness', level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Due-diligence checklist', level: 2 })).toBeVisible()
    await expect(figure(page)).toHaveText(/^0 of (\d+) items provided \(0%\)$/)
    const total = Number(/of (\d+) items/.exec((await figure(page).textContent()) ?? '')![1])
    await expect(itemCard(page, 'leases').locator('.status')).toHaveText('Missing')

    // A lease uploaded on the documents page is listed under "Leases" on the next visit.
    await page.goto('/documents?upload=true')
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'office-lease.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(LEASE),
    })
    await page.getByLabel('Title').fill('Office lease, Quay Street')
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await expect(page.getByRole('status').getByText('"Office lease, Quay Street" uploaded.')).toBeVisible()
    await page.goto('/readiness/checklist')
    const leases = itemCard(page, 'leases')
    await expect(leases.locator('.status')).toHaveText('Present')
    const link = leases.getByRole('link', { name: 'Office lease, Quay Street' })
    await expect(link).toHaveAttribute('href', /^\/documents\/\d+$/)
    await expect(leases).toContainText('title says “lease”')
    await expect(figure(page)).toHaveText(`1 of ${total} items provided (${Math.floor(100 / total)}%)`)

    // Assigning the organisation chart with the keyboard alone, on the item's own page.
    await tabTo(page, itemCard(page, 'org-chart').getByRole('link', { name: 'Manage Organisation chart' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/readiness\/checklist\/org-chart$/)
    await expect(page.getByRole('heading', { name: 'Organisation chart', level: 2 })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Readiness' }).getByRole('link', { name: 'Checklist' }),
    ).toHaveAttribute('aria-current', 'true')
    if (javaScriptEnabled) await expectNoAxeViolations(page)
    await tabTo(page, page.getByLabel('Assigned to'))
    await page.keyboard.type(member.username)
    await tabTo(page, page.getByLabel('Due date'))
    await page.keyboard.type('12/15/2026')
    await tabTo(page, page.getByLabel('Note'))
    await page.keyboard.type('The chart after the new sales hires')
    await tabTo(page, page.getByRole('button', { name: 'Save Organisation chart' }))
    await page.keyboard.press('Enter')
    // Back on the list, at the item.
    await expect(page.getByRole('status').getByText('Item updated')).toBeVisible()
    await expect(page).toHaveURL(/\/readiness\/checklist#item-org-chart$/)
    await expect(itemCard(page, 'org-chart').locator('.checklist-assignment')).toHaveText(
      `Assigned to ${member.username}, due Dec 15, 2026. Note: The chart after the new sales hires`,
    )

    // Setting inventory aside: out of the count, with its reason.
    await itemCard(page, 'inventory').getByRole('link', { name: 'Manage Inventory listing and valuation' }).click()
    await page.getByLabel('Why it does not apply').fill('A services firm holds no stock')
    await page.getByRole('button', { name: /^Mark not applicable/ }).click()
    await expect(page.getByRole('status').getByText('Item marked not applicable')).toBeVisible()
    await expect(itemCard(page, 'inventory').locator('.status')).toHaveText('Not applicable')
    await expect(itemCard(page, 'inventory')).toContainText('Not applicable: A services firm holds no stock')
    await expect(figure(page)).toHaveText(`1 of ${total - 1} items provided (${Math.floor(100 / (total - 1))}%)`)

    // Linking a document to an item by hand, by keyboard, on its page: a choice left empty is said on its field.
    await expect(page.getByRole('heading', { name: 'Link a document to an item' })).toHaveCount(0)
    await tabTo(
      page,
      itemCard(page, 'material-contracts').getByRole('link', { name: 'Manage Other material contracts' }),
    )
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/readiness\/checklist\/material-contracts$/)
    await tabTo(page, page.getByRole('button', { name: 'Link the document' }))
    await page.keyboard.press('Enter')
    const document = page.getByLabel('Document', { exact: true })
    await expect(document).toHaveAttribute('aria-invalid', 'true')
    const [errorId] = (await document.getAttribute('aria-describedby'))!.split(' ')
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText('Choose a document')
    await tabTo(page, document)
    await page.keyboard.type('Office lease')
    await tabTo(page, page.getByRole('button', { name: 'Link the document' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').getByText('Document linked')).toBeVisible()
    await expect(page).toHaveURL(/\/readiness\/checklist#item-material-contracts$/)
    const contracts = itemCard(page, 'material-contracts')
    await expect(contracts.locator('.status')).toHaveText('Present')
    await expect(contracts).toContainText('confirmed by an advisor')
    await expect(figure(page)).toHaveText(`2 of ${total - 1} items provided (${Math.floor(200 / (total - 1))}%)`)
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // The member reads the same list, with no forms.
    const context = await browser.newContext({ javaScriptEnabled })
    const memberPage = await context.newPage()
    await signInAs(memberPage, member.username, member.password, { to: '/readiness/checklist' })
    await expect(figure(memberPage)).toHaveText(`2 of ${total - 1} items provided (${Math.floor(200 / (total - 1))}%)`)
    await expect(itemCard(memberPage, 'org-chart')).toContainText(`Assigned to ${member.username}`)
    await expect(itemCard(memberPage, 'leases').getByRole('link', { name: 'Office lease, Quay Street' })).toBeVisible()
    await expect(memberPage.locator('.checklist form')).toHaveCount(0)
    await expect(memberPage.getByRole('link', { name: /^Manage/ })).toHaveCount(0)
    // An item's page is for those who manage the list: the server says so, not just the missing link.
    const denied = await memberPage.goto('/readiness/checklist/org-chart')
    expect(denied?.status()).toBe(403)
    await expect(memberPage.getByRole('heading', { name: 'Add an item' })).toHaveCount(0)
    await expect(memberPage.getByRole('heading', { name: 'Link a document to an item' })).toHaveCount(0)
    await expect(
      memberPage.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Readiness' }),
    ).toHaveAttribute('href', '/readiness')
    await context.close()
  })

  test('an analyst adds an item, a refused reason shows on its field, and the admin finds only the addition logged', async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const { users } = await createTeam('Checklist add', ['analyst', 'admin'])
    const [analyst, admin] = users as [(typeof users)[0], (typeof users)[0]]
    await signInAs(page, analyst.username, analyst.password, { to: '/readiness/checklist' })
    const add = page.getByRole('region', { name: 'Add an item' })
    await add.getByLabel('What the buyer asks for').fill('Environmental survey of the yard')
    await add.getByLabel('Section').selectOption('Property')
    await add.getByRole('button', { name: 'Add the item' }).click()
    await expect(page.getByRole('status').getByText('Item added')).toBeVisible()
    const added = page.locator('.checklist-item', { hasText: 'Environmental survey of the yard' })
    await expect(added.locator('.status')).toHaveText('Missing')
    await expect(
      page.getByRole('region', { name: 'Property' }).getByRole('heading', { name: 'Environmental survey of the yard' }),
    ).toBeVisible()

    // Spaces pass the browser's "required" but are no reason: the error is announced with its field,
    // on the item's page.
    await itemCard(page, 'litigation')
      .getByRole('link', { name: /^Manage/ })
      .click()
    await page.getByLabel('Why it does not apply').fill('   ')
    await page.getByRole('button', { name: /^Mark not applicable/ }).click()
    const refused = page.getByLabel('Why it does not apply')
    await expect(refused).toHaveAttribute('aria-invalid', 'true')
    const errorId = await refused.getAttribute('aria-describedby')
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText('Say why the item does not apply')
    await expect(page.locator('.checklist-item .status')).toHaveText('Missing')

    // An item no checklist holds is a page not found, with the way back.
    const unknown = await page.goto('/readiness/checklist/no-such-item')
    expect(unknown?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Checklist item not found' })).toBeVisible()

    const context = await browser.newContext({ javaScriptEnabled })
    const adminPage = await context.newPage()
    await signInAs(adminPage, admin.username, admin.password, { to: '/admin/audit' })
    const row = adminPage.getByRole('row', { name: /Added a checklist item/ })
    await expect(row).toContainText('Environmental survey of the yard')
    await expect(row).toContainText('In the Property section')
    await expect(row).toContainText(analyst.username)
    await expect(adminPage.getByRole('row', { name: /Updated a checklist item/ })).toHaveCount(0)
    await context.close()
  })

  test('an item given a due date that does not exist is refused on the field as typed, and not assigned', async ({
    page,
  }) => {
    const { users } = await createTeam('Checklist dates', ['analyst'])
    const analyst = users[0]!
    await signInAs(page, analyst.username, analyst.password, { to: '/readiness/checklist/org-chart' })
    // Issue 47 item 5: typed as an advisor does, a day February does not have.
    await tabTo(page, page.getByLabel('Due date'))
    await page.keyboard.type('02/30/2026')
    await page.getByLabel('Note').fill('After the new sales hires')
    await page.getByRole('button', { name: 'Save Organisation chart' }).click()
    const due = page.getByLabel('Due date')
    await expect(due).toHaveAttribute('aria-invalid', 'true')
    await expect(due).toHaveAccessibleDescription(/^Enter a real date: February 2026 has 28 days/)
    await expect(due).toHaveValue('02/30/2026')
    await expect(page.getByLabel('Note')).toHaveValue('After the new sales hires')
    await page.goto('/readiness/checklist')
    await expect(itemCard(page, 'org-chart')).toBeVisible()
    await expect(itemCard(page, 'org-chart').locator('.checklist-assignment')).toHaveCount(0)
  })
})
