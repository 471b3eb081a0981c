import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, createTeam, type TeamUser } from './support/api'
import { expectNoAxeViolations, signInAs, tabTo } from './support/fixtures'

/** A team analyst who also runs a second organization of their own: two clients to switch between. */
async function advisorWithTwoClients(label: string, firstName?: string) {
  const { organization, users, adminToken } = await createTeam(label, ['analyst'])
  if (firstName) {
    organization.name = `${firstName} ${Date.now()}`
    await api('PATCH', `/organizations/${organization.slug}/`, { token: adminToken, body: { name: organization.name } })
  }
  const user = users[0]!
  const { access } = await apiSignIn(user.username, user.password)
  const second = await api<{ name: string; slug: string }>('POST', '/organizations/', {
    token: access,
    body: { name: `${label} Second ${Date.now()}` },
  })
  return { user, first: organization, second }
}

const switcher = (page: Page) => page.locator('.organization-switcher-header > summary')

test.describe('the organization switcher', () => {
  test('switches from the header with the keyboard, stays in the section and is remembered at the next sign-in', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const { user, first, second } = await advisorWithTwoClients('Switch')
    await signInAs(page, user.username, user.password, { to: '/documents' })
    await expect(switcher(page)).toHaveAccessibleName(`Organization: ${first.name}`)

    await tabTo(page, switcher(page))
    await page.keyboard.press('Enter')
    const menu = page.locator('.organization-switcher-header .organization-menu')
    await expect(menu.locator('[aria-current="true"]')).toHaveText(`Current: ${first.name}`)
    await expect(menu.getByRole('link', { name: 'All organizations…' })).toHaveAttribute('href', '/organizations')
    const other = menu.getByRole('button', { name: new RegExp(`^Switch to ${second.name}`) })
    await expect(other).toContainText('Administrator')
    await tabTo(page, other)
    await page.keyboard.press('Enter')

    // The same section, now of the other organization.
    await expect(page).toHaveURL(/\/documents$/)
    await expect(page.getByRole('status')).toContainText(`Now working in ${second.name}`)
    await expect(switcher(page)).toHaveAccessibleName(`Organization: ${second.name}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('.page-header')).toContainText(second.name)

    // Another device: the sign-in starts where the user left off.
    const elsewhere = await browser.newContext()
    const otherPage = await elsewhere.newPage()
    await signInAs(otherPage, user.username, user.password)
    await expect(otherPage.locator('.welcome')).toContainText(second.name)
    await elsewhere.close()
  })

  test('stays on the page it was on, unless the role in the other organization may not open it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const { user, first, second } = await advisorWithTwoClients('Stay')
    const switchTo = async (name: string) => {
      await switcher(page).click()
      await page
        .locator('.organization-switcher-header')
        .getByRole('button', { name: new RegExp(`^Switch to ${name}`) })
        .click()
      await expect(page.getByRole('status')).toContainText(`Now working in ${name}`)
    }
    await signInAs(page, user.username, user.password, { to: '/readiness/value-gap' })
    await switchTo(second.name)
    await expect(page).toHaveURL(/\/readiness\/value-gap$/)
    await expect(page.getByRole('heading', { name: 'Value gap', level: 2 })).toBeVisible()

    // An administrator's page of the second organization: the analyst of the first goes to the dashboard.
    await page.goto('/admin/users')
    await switchTo(first.name)
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('at 360 px it is the first entry of Menu, and switching from it works the same', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    const { user, second } = await advisorWithTwoClients('Phone', 'Northwind Exit Partners and Family Holdings')
    await signInAs(page, user.username, user.password)
    await expect(switcher(page)).toBeHidden()
    await page.locator('.mobile-menu > summary').click()
    const mobile = page.locator('.organization-switcher-menu > summary')
    await mobile.click()
    // axe runs in the page, so only with JavaScript; the markup is the same without.
    if (javaScriptEnabled) await expectNoAxeViolations(page)
    // A long name wraps inside the panel: every entry is wholly on screen.
    for (const entry of await page.locator('.organization-switcher-menu .organization-menu > li').all())
      await expect(entry).toBeInViewport({ ratio: 1 })
    await page
      .locator('.organization-switcher-menu')
      .getByRole('button', { name: new RegExp(`^Switch to ${second.name}`) })
      .click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.locator('.welcome')).toContainText(second.name)
    // Nothing in the header is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })

  test('refuses an organization the user does not belong to, and keeps them where they were', async ({ page }) => {
    const { user, first } = await advisorWithTwoClients('Refused')
    const outsider = await createTeam('Outside', [])
    await signInAs(page, user.username, user.password)
    const answer = await page.request.post('/organizations', {
      form: { intent: 'select', slug: outsider.organization.slug, redirectTo: '/documents' },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(404)
    await page.goto('/dashboard')
    await expect(page.locator('.welcome')).toContainText(first.name)
  })

  test('offers a member with one organization the list of all, and is clean for axe open at 1280 px', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const { users, organization } = await createTeam('AxeSwitch', ['member'])
    await signInAs(page, users[0]!.username, users[0]!.password)
    await switcher(page).click()
    const menu = page.locator('.organization-switcher-header .organization-menu')
    await expect(menu.locator('[aria-current="true"]')).toContainText(organization.name)
    await expect(menu.getByRole('button')).toHaveCount(0)
    await expect(menu.getByRole('link', { name: 'All organizations…' })).toBeVisible()
    if (javaScriptEnabled) await expectNoAxeViolations(page)
  })
})

test.describe('pending invitations on the dashboard', () => {
  async function invite(user: TeamUser) {
    const inviting = await createTeam('Inviting', [])
    await api('POST', `/organizations/${inviting.organization.slug}/invite/`, {
      token: inviting.adminToken,
      body: { email: user.email, role: 'analyst' },
    })
    return inviting.organization
  }

  test('says how many invitations wait, and links to them', async ({ page, javaScriptEnabled }) => {
    const { users } = await createTeam('Invited', ['member'])
    const user = users[0]!
    await signInAs(page, user.username, user.password)
    await expect(page.getByText(/pending invitation/)).toHaveCount(0)

    const organization = await invite(user)
    await page.goto('/dashboard')
    const notice = page.locator('.alert-info')
    await expect(notice).toHaveText('You have 1 pending invitation to join an organization. Review invitations')
    if (javaScriptEnabled) await expectNoAxeViolations(page)
    await notice.getByRole('link', { name: 'Review invitations' }).click()
    await expect(page).toHaveURL(/\/organizations\/invitations$/)
    await expect(page.getByText(organization.name)).toBeVisible()
  })
})
