import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, createTeam, type TeamUser } from './support/api'
import { searchTitles, uploadProcessed } from './support/documents'
import { DEMO_PASSWORD, expectNoAxeViolations, signInAs } from './support/fixtures'

const TRACEMONKEY = path.resolve('../shared/corpus/parsing/pdf/pdfjs__tracemonkey.pdf')

const CONCENTRATION = {
  title: 'Customer concentration memo',
  name: 'concentration.txt',
  content:
    'Customer concentration risk is the first concern of buyers. The three largest customers account for 62 percent of annual revenue. ' +
    'Losing the largest customer, Northwind Logistics, would reduce EBITDA by roughly 1.4 million dollars. Contracts with the top customers renew in 2025.\n',
}
const SUCCESSION = {
  title: 'Succession plan notes',
  name: 'succession.txt',
  content:
    'The founder intends to hand ownership to the management team over five years through a phased buyout. ' +
    'The chief financial officer will lead the transition, and a family trust keeps a minority stake.\n',
}
const FORECAST = {
  title: 'Quarterly forecast',
  name: 'forecast.csv',
  content: 'quarter,revenue,gross margin\nQ1 2025,1250000,31%\nQ2 2025,1310000,32%\nQ3 2025,1405000,33%\n',
}
// Markup in a document is text to show, never HTML to run.
const HOSTILE = {
  title: 'Markup in minutes',
  name: 'markup.txt',
  content:
    'Minutes pasted from a web page: <script>document.title = "hijacked"</script> <img src=x onerror="document.title = \'hijacked\'"> about the escrow holdback.\n',
}
// Made-up words: only the other organization's document holds them, so nothing else can match.
const SECRET = {
  title: 'Vantablox codename memo',
  name: 'vantablox.txt',
  content: 'Vantablox zirconique quorvex: the confidential codename of the other firm.\n',
}
const SECRET_QUERY = 'vantablox zirconique quorvex'

const question = (page: Page) => page.getByLabel('Ask a question about your documents')
const results = (page: Page) => page.getByRole('region', { name: 'Results' }).getByRole('listitem')

async function search(page: Page, query: string) {
  await question(page).fill(query)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
}

// One organization per file and project, shared by its tests: run them in order in one worker.
test.describe.configure({ mode: 'default' })

let member: TeamUser
let leaver: TeamUser
let team: Awaited<ReturnType<typeof createTeam>>

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const [searchers, other] = await Promise.all([
    createTeam('Searchers', ['analyst', 'member', 'member']),
    createTeam('Outsiders', ['analyst']),
  ])
  team = searchers
  const [analyst] = team.users
  member = team.users[1]!
  leaver = team.users[2]!
  await Promise.all([
    uploadProcessed(analyst!, team.organization.slug, [
      CONCENTRATION,
      SUCCESSION,
      FORECAST,
      HOSTILE,
      { title: 'TraceMonkey paper', path: TRACEMONKEY },
    ]),
    uploadProcessed(other.users[0]!, other.organization.slug, [SECRET]),
  ])
  // The other organization does find its own document: what follows shows scoping, not a broken index.
  expect(await searchTitles(other.users[0]!, other.organization.slug, SECRET_QUERY)).toEqual([SECRET.title])
})

test.describe('semantic search', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, member.username, member.password)
  })

  test('shows the question field, the buttons and search tips', async ({ page }) => {
    await page.goto('/search')
    await expect(page).toHaveTitle(/Semantic Search/)
    await expect(page.getByRole('heading', { level: 1, name: 'Semantic Search' })).toBeVisible()
    await expect(question(page)).toHaveAttribute('placeholder', 'e.g. What is the customer concentration risk?')
    await expect(page.getByRole('button', { name: 'Reset' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Search tips' })).toBeVisible()
    await expect(page.getByText('Ask in your own words, as you would ask a colleague.')).toBeVisible()
    await expect(results(page)).toHaveCount(0)
  })

  test('finds the document that answers the question first, with its title, match and highlighted words, at a shareable URL', async ({
    page,
  }) => {
    await page.goto('/search')
    await search(page, 'What is the customer concentration risk?')
    await expect(page).toHaveURL(/\/search\?q=What\+is\+the\+customer\+concentration\+risk%3F$/)
    const first = results(page).first()
    await expect(first.getByRole('heading', { level: 3 })).toHaveText(CONCENTRATION.title)
    await expect(first.getByRole('link', { name: CONCENTRATION.title })).toHaveAttribute('href', /^\/documents\/\d+$/)
    await expect(first.getByText(/^\d+% match$/)).toBeVisible()
    await expect(first.locator('mark')).toContainText(['Customer', 'concentration', 'risk'])
    await expect(first).toContainText('Northwind Logistics')
    await expect(page.getByText(/^\d+ results? for “What is the customer concentration risk\?”$/)).toBeVisible()
    await expect(question(page)).toHaveValue('What is the customer concentration risk?')

    // The URL is the search: opening it again shows the same outcome.
    const titles = await results(page).getByRole('heading', { level: 3 }).allTextContents()
    await page.reload()
    await expect(results(page).getByRole('heading', { level: 3 })).toHaveText(titles)
    await expect(question(page)).toHaveValue('What is the customer concentration risk?')

    await first.getByRole('link', { name: CONCENTRATION.title }).click()
    await expect(page).toHaveURL(/\/documents\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: CONCENTRATION.title })).toBeVisible()
  })

  test('finds a figure in a spreadsheet and a plan in notes', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('gross margin by quarter')}`)
    await expect(results(page).first().getByRole('heading', { level: 3 })).toHaveText(FORECAST.title)
    // A link shared with a tag of its own, or other parameters, still searches (they were refused with 400).
    await page.goto(
      `/search?q=${encodeURIComponent('Who will lead the succession of the founder?')}&utm_source=mail&x[99999]=y`,
    )
    await expect(results(page).first().getByRole('heading', { level: 3 })).toHaveText(SUCCESSION.title)
    await expect(results(page).first().locator('mark')).toContainText(['founder', 'lead'])
  })

  test('shows the page of a passage found in a multi-page PDF', async ({ page }) => {
    await page.goto('/search')
    await search(page, 'LIR snippet for sample program')
    const first = results(page).first()
    await expect(first.getByRole('heading', { level: 3 })).toHaveText('TraceMonkey paper')
    await expect(first.getByRole('link', { name: 'Page 3', exact: true })).toBeVisible()
    await expect(first.locator('mark').first()).toBeVisible()
    await first.getByRole('link', { name: 'Page 3', exact: true }).click()
    await expect(page.locator('.preview-text')).toContainText('Figure 3. LIR snippet for sample program')
  })

  test('shows markup in the text and the question as text, highlighting inside it', async ({ page }) => {
    await page.goto('/search')
    const title = await page.title()
    await search(page, '<script>escrow holdback</script>')
    const first = results(page).first()
    await expect(first.getByRole('heading', { level: 3 })).toHaveText(HOSTILE.title)
    await expect(first).toContainText('<script>document.title = "hijacked"</script>')
    await expect(first).toContainText('<img src=x onerror=')
    await expect(first.locator('mark')).toContainText(['script', 'script', 'escrow', 'holdback'])
    await expect(first.locator('script, img')).toHaveCount(0)
    await expect(question(page)).toHaveValue('<script>escrow holdback</script>')
    await expect(page).toHaveTitle(title)
  })

  test('says No results found when nothing matches', async ({ page }) => {
    await page.goto('/search')
    await search(page, 'zzqx wvvy')
    await expect(page).toHaveURL(/\/search\?q=zzqx\+wvvy$/)
    await expect(page.getByText('No results found', { exact: true })).toBeVisible()
    await expect(results(page)).toHaveCount(0)
  })

  test('says no document covers a topic it only brushes, listing the closest passages as weak', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto('/search')
    // Only "customer" is in any document: one common word of three.
    await search(page, 'customer lawsuit settlement')
    await expect(page).toHaveURL(/\/search\?q=customer\+lawsuit\+settlement$/)
    await expect(
      page.getByRole('region', { name: 'Results' }).getByText('No document covers this well; closest passages:', {
        exact: true,
      }),
    ).toBeVisible()
    await expect(results(page).first().getByRole('heading', { level: 3 })).toHaveText(CONCENTRATION.title)
    const count = await results(page).count()
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(3)
    await expect(results(page).getByText('Weak match', { exact: true })).toHaveCount(count)
    await expect(results(page).getByText(/% match$/)).toHaveCount(0)
    await expect(page.getByText(/results? for “/)).toHaveCount(0)
    if (javaScriptEnabled) await expectNoAxeViolations(page)

    // A question the memo does answer is a match again, with its percentage.
    await search(page, 'customer concentration risk')
    await expect(page.getByText(/^\d+ results? for “customer concentration risk”$/)).toBeVisible()
    await expect(
      results(page)
        .first()
        .getByText(/^\d+% match$/),
    ).toBeVisible()
    await expect(page.getByText('Weak match', { exact: true })).toHaveCount(0)
  })

  test('never shows another organization’s documents', async ({ page }) => {
    await page.goto('/search')
    await search(page, SECRET_QUERY)
    await expect(page.getByText('No results found', { exact: true })).toBeVisible()
    await expect(page.getByText(SECRET.title)).toHaveCount(0)
  })

  test('answers a blank query with “Please enter a search query” on the field', async ({ page }) => {
    // As a shared or hand-typed URL: the server answers.
    await page.goto('/search?q=')
    const message = page.getByText('Please enter a search query', { exact: true })
    await expect(message).toBeVisible()
    await expect(question(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(question(page)).toHaveAccessibleDescription('Please enter a search query')
    await expect(results(page)).toHaveCount(0)

    // Typed: spaces only, then Enter (with JavaScript the browser answers without a request).
    await page.goto('/search')
    await question(page).fill('   ')
    await question(page).press('Enter')
    await expect(message).toBeVisible()
    await expect(question(page)).toHaveAttribute('aria-invalid', 'true')

    // A real question clears the message.
    await search(page, 'customer concentration')
    await expect(results(page).first()).toBeVisible()
    await expect(message).toHaveCount(0)
    await expect(question(page)).not.toHaveAttribute('aria-invalid', 'true')
  })

  test('Reset clears the question and the results', async ({ page }) => {
    await page.goto('/search')
    await search(page, 'customer concentration')
    await expect(results(page).first()).toBeVisible()
    await page.getByRole('button', { name: 'Reset' }).click()
    // A plain GET of the empty reset form (without JavaScript the browser keeps an empty "?").
    await expect(page).toHaveURL(/\/search\??$/)
    await expect(question(page)).toHaveValue('')
    await expect(results(page)).toHaveCount(0)
    await expect(page.getByText(/results? for “/)).toHaveCount(0)
  })

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto('/search')
    // Skip link, then the first control of the page.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await expect(question(page)).toBeFocused()
    await page.keyboard.type('customer concentration risk')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=customer\+concentration\+risk$/)
    await expect(results(page).first().getByRole('heading', { level: 3 })).toHaveText(CONCENTRATION.title)

    // On through the buttons to the first result, and open it.
    await question(page).focus()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Reset' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(results(page).first().getByRole('link', { name: CONCENTRATION.title })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: CONCENTRATION.title })).toBeVisible()
  })
})

test.describe('semantic search failure', () => {
  test('says “Failed to perform search. Please try again.” when the search cannot run', async ({ page }) => {
    await signInAs(page, leaver.username, leaver.password, { to: '/search' })
    // Removed from the organization after signing in: the backend refuses the search.
    const { access } = await apiSignIn('admin', DEMO_PASSWORD)
    const members = await api<Array<{ user: { id: number; username: string } }>>(
      'GET',
      `/organizations/${team.organization.slug}/members/`,
      { token: access },
    )
    const { user } = members.find((entry) => entry.user.username === leaver.username)!
    await api('POST', `/organizations/${team.organization.slug}/remove_member/`, {
      token: access,
      body: { user_id: user.id },
    })
    await search(page, 'customer concentration')
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to perform search. Please try again.' }),
    ).toBeVisible()
    await expect(results(page)).toHaveCount(0)
    await expect(question(page)).toHaveValue('customer concentration')
  })
})
