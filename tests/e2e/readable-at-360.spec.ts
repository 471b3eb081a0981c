import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { expect, type Page, test } from '@playwright/test'

import type { Role } from './support/api'
import { cutContent } from './support/cut-content'
import { signInAs } from './support/fixtures'
import { type SaleFileTeam, saleFileTeam } from './support/sale-file-team'

// Issue 47 item 12: every page of the route map (../shared/spec/ROUTES.md) readable on a 360 px phone,
// signed in as each role that may open it (and signed out where a page is for anyone), JS on and off.
const WIDTH = 360
const ROLES: Role[] = ['admin', 'analyst', 'member']
type Visitor = Role | 'signed out'

const EVERYONE: Visitor[] = ROLES
const MANAGERS: Visitor[] = ['admin', 'analyst']
const ADMIN: Visitor[] = ['admin']

let setup: SaleFileTeam

// One worker runs these tests in turn, so what beforeAll makes is made once.
test.describe.configure({ mode: 'default' })
test.beforeAll(async () => {
  test.setTimeout(180_000)
  setup = await saleFileTeam()
})

/**
 * Every page module of app/routes with the addresses that show it, in the states worth seeing, and who
 * opens them. Modules that draw no page are below, each with why.
 */
function pages(s: SaleFileTeam): Record<string, Array<[string, Visitor[]]>> {
  const { customers, income, memo } = s.documents
  return {
    'login.tsx': [['/login', ['signed out']]],
    'terms.tsx': [['/terms', ['signed out', 'member']]],
    'privacy.tsx': [['/privacy', ['signed out', 'member']]],
    'invitations.$token.tsx': [[`/invitations/${s.invitationToken}`, ['signed out']]],
    '_app.dashboard.tsx': [['/dashboard', EVERYONE]],
    '_app.documents.tsx': [
      ['/documents', EVERYONE],
      ['/documents?upload=true', MANAGERS],
      ['/documents?upload=true&mode=batch', MANAGERS],
      [`/documents?confirm-delete=${memo}`, MANAGERS],
    ],
    '_app.documents_.$documentId.tsx': [
      ...['preview', 'metadata', 'analysis', 'versions'].flatMap((tab): Array<[string, Visitor[]]> => [
        [`/documents/${customers}?tab=${tab}`, EVERYONE],
        [`/documents/${memo}?tab=${tab}`, EVERYONE],
      ]),
      [s.citedPassage, EVERYONE],
      [s.citedCell, EVERYONE],
    ],
    '_app.search.tsx': [
      ['/search?q=customer+concentration+revenue', EVERYONE],
      ['/search?q=owner+salary+add-backs', EVERYONE],
    ],
    '_app.chat.tsx': [[`/chat?template=${s.template}`, EVERYONE]],
    '_app.chat.$conversationId.tsx': ROLES.flatMap((role): Array<[string, Visitor[]]> => [
      [`/chat/${s.conversations[role].questions}`, [role]],
      [`/chat/${s.conversations[role].meeting}`, [role]],
    ]),
    '_app.profile.tsx': [['/profile', EVERYONE]],
    '_app.organizations.tsx': [['/organizations', EVERYONE]],
    '_app.organizations_.invitations.tsx': [['/organizations/invitations', EVERYONE]],
    '_app.conversation-templates._index.tsx': [
      ['/conversation-templates', EVERYONE],
      ['/conversation-templates?phase=phase-1', EVERYONE],
    ],
    '_app.conversation-templates.view.$templateId.tsx': [[`/conversation-templates/view/${s.template}`, EVERYONE]],
    '_app.conversation-templates.new.tsx': [['/conversation-templates/new', MANAGERS]],
    '_app.conversation-templates.edit.$templateId.tsx': [[`/conversation-templates/edit/${s.template}`, MANAGERS]],
    '_app.transcriptions._index.tsx': [
      ['/transcriptions', EVERYONE],
      ['/transcriptions?status=processed', EVERYONE],
    ],
    '_app.transcriptions.new.tsx': [['/transcriptions/new', MANAGERS]],
    '_app.transcriptions.$meetingId.tsx': [[`/transcriptions/${s.meeting}`, EVERYONE]],
    '_app.transcriptions.$meetingId_.transcript.tsx': [[`/transcriptions/${s.meeting}/transcript`, EVERYONE]],
    '_app.admin._index.tsx': [['/admin', ADMIN]],
    '_app.admin.organization.tsx': [['/admin/organization', ADMIN]],
    '_app.admin.organization_.invite.tsx': [['/admin/organization/invite', ADMIN]],
    '_app.admin.users.tsx': [['/admin/users', ADMIN]],
    '_app.admin.audit.tsx': [['/admin/audit', ADMIN]],
    '_app.analysis.tsx': [
      ['/analysis', MANAGERS],
      ...['summary', 'key-findings', 'risks', 'recommendations'].map((type): [string, Visitor[]] => [
        `/analysis?document=${income}&type=${type}&run=1`,
        MANAGERS,
      ]),
    ],
    '_app.confirm-email.$token.tsx': [['/confirm-email/a-link-from-an-old-e-mail', EVERYONE]],
    '_app.readiness._index.tsx': [['/readiness', EVERYONE]],
    '_app.readiness.value-gap.tsx': [['/readiness/value-gap', EVERYONE]],
    '_app.readiness.checklist.tsx': [['/readiness/checklist', EVERYONE]],
    '_app.readiness.checklist_.$key.tsx': [
      ['/readiness/checklist/customer-concentration', EVERYONE],
      ['/readiness/checklist/org-chart', MANAGERS],
    ],
    '_app.actions.tsx': [
      ['/actions', EVERYONE],
      [`/actions?remove=${s.task}`, MANAGERS],
    ],
    '_app.unauthorized.tsx': [['/unauthorized', EVERYONE]],
    '_app.$.tsx': [['/a-page-that-was-never-there', EVERYONE]],
  }
}

/** Route modules that draw no page of their own, and why. */
const NOT_PAGES: Record<string, string> = {
  '_app.tsx': 'the signed-in frame, drawn around every page above',
  '_app.readiness.tsx': 'the readiness tabs, drawn around the three readiness pages above',
  '_index.tsx': 'redirects to /dashboard',
  'logout.tsx': 'a POST; a GET redirects',
  'auth.google.tsx': "redirects to Google's sign-in",
  'auth.google.callback.tsx': 'redirects once Google answers',
  'api.$.ts': 'the REST backend',
}
const isPageModule = (file: string) =>
  !file.endsWith('.server.ts') && !file.startsWith('resources.') && !(file in NOT_PAGES)

test('the walk below covers every page module of app/routes', () => {
  const routes = fileURLToPath(new URL('../../app/routes', import.meta.url))
  expect(Object.keys(pages(setup)).sort()).toEqual(readdirSync(routes).filter(isPageModule).sort())
})

test('the measure tells what is cut from what a reader can scroll to or is not meant to see', async ({ page }) => {
  await page.setViewportSize({ width: WIDTH, height: 800 })
  await page.setContent(`
    <style>
      .box { width: 200px; overflow-x: auto }
      .wide { width: 600px }
      .shortened { overflow: hidden; text-overflow: ellipsis; white-space: nowrap }
      .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0) }
    </style>
    <main>
      <p class="box shortened" id="shortened">Dana Ortega's daughter, Elena, works in the business</p>
      <div class="box" tabindex="0" role="region" aria-label="Offers"><table class="wide"><td>Harbor</td></table></div>
      <div class="box" tabindex="0" role="region" aria-label="Messages"><p class="wide" id="prose">Wide prose</p></div>
      <div class="box" id="unnamed"><table class="wide"><td>Greenline</td></table></div>
      <p class="wide" id="page">Wider than the screen</p>
      <p class="visually-hidden">For screen readers only, far longer than its one pixel</p>
    </main>`)
  expect(await cutContent(page)).toEqual([
    expect.stringMatching(/^text in <p#shortened.box.shortened> ends \d+ px past <p#shortened.box.shortened>/),
    expect.stringMatching(/^<p#prose.wide> ends \d+ px past <div.box>: "Wide prose"$/),
    expect.stringMatching(/^<table.wide> ends \d+ px past <div#unnamed.box>: "Greenline"$/),
    expect.stringMatching(/^<p#page.wide> ends 2\d\d px past the screen: "Wider than the screen"$/),
  ])
})

/** Opens `path` at 360 px and says where it cuts what it shows. */
async function problemsOf(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBeLessThan(500)
  await expect(page.locator('h1').first()).toBeVisible()
  // With JavaScript the page is measured as the reader sees it once React has taken it over.
  if (javaScriptEnabled)
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__react')))
  return (await cutContent(page)).map((problem) => `${path}: ${problem}`)
}

for (const visitor of [...ROLES, 'signed out'] as const) {
  const who = visitor === 'signed out' ? 'someone signed out' : `${visitor === 'member' ? 'a' : 'an'} ${visitor}`
  test(`every page ${who} opens is readable at ${WIDTH} px, nothing cut`, async ({ page, javaScriptEnabled }) => {
    test.slow()
    await page.setViewportSize({ width: WIDTH, height: 800 })
    if (visitor !== 'signed out') await signInAs(page, setup.people[visitor].username, setup.people[visitor].password)
    const problems: string[] = []
    for (const addresses of Object.values(pages(setup)))
      for (const [path, visitors] of addresses)
        if (visitors.includes(visitor)) problems.push(...(await problemsOf(page, path, javaScriptEnabled)))
    expect(problems).toEqual([])
  })
}

test(`the value gap shows each figure of its Low, Mid and High cases whole, named by its case, at ${WIDTH} px`, async ({
  page,
}) => {
  await page.setViewportSize({ width: WIDTH, height: 800 })
  const { member } = setup.people
  await signInAs(page, member.username, member.password, { to: '/readiness/value-gap' })
  const table = page.getByRole('region', { name: 'What a sale would leave the owner' }).getByRole('table')
  // The table keeps its headers for a screen reader; 1,349,500 normalized × 5 / 5.4 / 5.9.
  await expect(table.getByRole('columnheader')).toHaveText(['Figure', 'Low', 'Mid', 'High'])
  await expect(table.getByRole('row', { name: /^Enterprise value/ }).getByRole('cell')).toHaveText([
    '$6,747,500',
    '$7,287,300',
    '$7,962,050',
  ])
  const cells = await table.getByRole('cell').all()
  expect(cells).toHaveLength(18)
  for (const [index, cell] of cells.entries()) {
    const { cut, drawn } = await cell.evaluate((element) => {
      const figure = element.getBoundingClientRect()
      const region = element.closest('[role=region]')!.getBoundingClientRect()
      return {
        // Sideways, within its region and the screen, to the pixel: nothing to scroll to.
        cut: figure.left < region.left - 1 || figure.right > Math.min(region.right, window.innerWidth) + 1,
        // Its case is drawn beside it, for the eye only (the column headers are out of sight).
        drawn: getComputedStyle(element, '::before').content,
      }
    })
    expect(cut, `${await cell.textContent()} is cut`).toBe(false)
    expect(drawn).toBe(`"${['Low', 'Mid', 'High'][index % 3]}" / ""`)
  }
})
