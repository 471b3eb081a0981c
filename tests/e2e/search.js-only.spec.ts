import { expect, type Page, test } from '@playwright/test'

import { createTeam, type TeamUser } from './support/api'
import { uploadProcessed } from './support/documents'
import { expectNoAxeViolations, signInAs } from './support/fixtures'

const MEMO = {
  title: 'Customer concentration memo',
  name: 'concentration.txt',
  content:
    'Customer concentration risk is the first concern of buyers. The three largest customers account for 62 percent of annual revenue. ' +
    'Losing the largest customer, Northwind Logistics, would reduce EBITDA by roughly 1.4 million dollars.\n',
}
const LEASE = {
  title: 'Warehouse lease summary',
  name: 'lease.txt',
  content: 'The warehouse lease in Rotterdam runs until 2031 with an option to extend by five years at market rent.\n',
}

const question = (page: Page) => page.getByLabel('Ask a question about your documents')
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true })
const resultsRegion = (page: Page) => page.getByRole('region', { name: 'Results' })
const results = (page: Page) => resultsRegion(page).getByRole('listitem')

// One organization for the file, shared by its tests: run them in order in one worker.
test.describe.configure({ mode: 'default' })

let analyst: TeamUser

test.beforeAll(async () => {
  test.setTimeout(60_000)
  const team = await createTeam('Live searchers', ['analyst'])
  analyst = team.users[0]!
  await uploadProcessed(analyst, team.organization.slug, [MEMO, LEASE])
})

test.beforeEach(async ({ page }) => {
  await signInAs(page, analyst.username, analyst.password)
})

test.describe('semantic search with JavaScript', () => {
  test('has no axe violations when empty, with results, and with the error', async ({ page }) => {
    await page.goto('/search')
    await expect(page.getByRole('heading', { level: 1, name: 'Semantic Search' })).toBeVisible()
    await expectNoAxeViolations(page)

    await page.goto('/search?q=customer+concentration+risk')
    await expect(results(page).first()).toContainText(MEMO.title)
    await expectNoAxeViolations(page)

    await page.goto('/search?q=')
    await expect(page.getByText('Please enter a search query', { exact: true })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('disables Search while the question is empty, and refuses a blank one without a request', async ({ page }) => {
    await page.goto('/search')
    await expect(searchButton(page)).toBeDisabled()
    await question(page).fill('lease')
    await expect(searchButton(page)).toBeEnabled()
    await question(page).fill('')
    await expect(searchButton(page)).toBeDisabled()

    const searches: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).searchParams.has('q')) searches.push(request.url())
    })
    await question(page).fill('   ')
    await expect(searchButton(page)).toBeEnabled()
    await question(page).press('Enter')
    await expect(page.getByText('Please enter a search query', { exact: true })).toBeVisible()
    await expect(question(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(question(page)).toHaveAccessibleDescription('Please enter a search query')
    await expect(question(page)).toBeFocused()
    await expect(page).toHaveURL(/\/search$/)
    expect(searches).toEqual([])

    // The message goes as soon as the question is fixed.
    await question(page).fill('warehouse lease')
    await expect(page.getByText('Please enter a search query', { exact: true })).toHaveCount(0)
    await question(page).press('Enter')
    await expect(results(page).first()).toContainText(LEASE.title)
  })

  test('shows that it is searching, then announces the outcome', async ({ page }) => {
    await page.goto('/search')
    // Hold the page's data request until the pending state has been seen.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.pathname === '/search' && url.searchParams.has('_data'),
      async (route) => {
        await held
        await route.continue()
      },
    )
    await question(page).fill('warehouse lease')
    await searchButton(page).click()
    await expect(page.getByRole('button', { name: 'Searching...' })).toBeVisible()
    await expect(resultsRegion(page)).toHaveAttribute('aria-busy', 'true')
    release()
    await expect(searchButton(page)).toBeVisible()
    await expect(resultsRegion(page)).not.toHaveAttribute('aria-busy')
    await expect(page.getByRole('status').filter({ hasText: /^\d+ results? for “warehouse lease”$/ })).toBeVisible()
    await expect(results(page).first()).toContainText(LEASE.title)

    await question(page).fill('zzqx wvvy')
    await searchButton(page).click()
    await expect(page.getByRole('status').filter({ hasText: 'No results found' })).toBeVisible()
    await expect(results(page)).toHaveCount(0)
  })

  test('Reset clears the question and the results and puts the focus back in the question', async ({ page }) => {
    await page.goto('/search?q=customer+concentration')
    await expect(results(page).first()).toContainText(MEMO.title)
    await page.getByRole('button', { name: 'Reset' }).click()
    await expect(page).toHaveURL(/\/search$/)
    await expect(question(page)).toHaveValue('')
    await expect(question(page)).toBeFocused()
    await expect(results(page)).toHaveCount(0)
    await expect(searchButton(page)).toBeDisabled()

    // From the keyboard, and after a refused blank question: the message goes too.
    await question(page).fill('  ')
    await question(page).press('Enter')
    await expect(page.getByText('Please enter a search query', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Reset' }).focus()
    await page.keyboard.press('Enter')
    await expect(question(page)).toBeFocused()
    await expect(question(page)).toHaveValue('')
    await expect(page.getByText('Please enter a search query', { exact: true })).toHaveCount(0)
  })
})
