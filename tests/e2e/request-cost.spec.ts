import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, createTeam } from './support/api'
import { type DemoRole, signIn, signInAs } from './support/fixtures'

/**
 * What one page costs the backend, read from the Server-Timing header the server puts on every
 * page (issue 12): the caller (token, session, user, membership) is resolved once per page however
 * many loaders call the backend, and in one statement. A page's own call brings the caller its frame
 * shows (issue 49, decision 079): a page whose loader calls the backend makes that one call, and a
 * page that makes none asks GET /api/me/ alone. Counts, not times: they hold on any machine.
 */
async function costOf(page: Page, path: string) {
  const response = await page.request.get(path)
  expect(response.status()).toBe(200)
  const timing = response.headers()['server-timing'] ?? ''
  const count = (metric: string) => Number(new RegExp(`${metric};desc="(\\d+)`).exec(timing)?.[1] ?? NaN)
  return { apiCalls: count('api'), callerResolutions: count('caller'), sqlStatements: count('sql') }
}

const PAGES: Array<{ path: string; apiCalls: number; maxStatements: number; roles?: DemoRole[] }> = [
  // Every page: one statement for the caller (the session, the account, the memberships and the
  // pending address and invitations), then its own. The dashboard's one view of the organization
  // (with the tasks due this week) brings the caller.
  { path: '/dashboard', apiCalls: 1, maxStatements: 4 },
  // The page of documents with creators and versions; the count with the categories.
  { path: '/documents', apiCalls: 1, maxStatements: 3 },
  // The organizations with their member counts (bringing the caller); the invitations.
  { path: '/organizations', apiCalls: 2, maxStatements: 3 },
  { path: '/organizations/invitations', apiCalls: 1, maxStatements: 2 },
  // The search is a POST that changes nothing: it brings the caller too. Then the words' statistics,
  // the candidates (ranked by their words and found nearest in one statement) and their passages.
  { path: '/search?q=net+cash+flow', apiCalls: 1, maxStatements: 4 },
  // No search asked: the frame's GET /api/me/ alone.
  { path: '/search', apiCalls: 1, maxStatements: 1 },
  { path: '/profile', apiCalls: 1, maxStatements: 1 },
  { path: '/transcriptions', apiCalls: 1, maxStatements: 2 },
  { path: '/conversation-templates', apiCalls: 1, maxStatements: 2 },
  // The checklist: the documents, the items' state, the members (decision 040), and the documents'
  // opening text when they changed since the matching the API process keeps.
  { path: '/readiness/checklist', apiCalls: 1, maxStatements: 5 },
  // An item's page reads the same checklist (a member is refused it, in place of the page).
  { path: '/readiness/checklist/org-chart', apiCalls: 1, maxStatements: 5, roles: ['admin', 'analyst'] },
  // The value gap: its entries' row, and its facts and their passages unless the API process keeps
  // the evidence for the search generation and the day (decision 081).
  { path: '/readiness/value-gap', apiCalls: 1, maxStatements: 4 },
  // The assessment: the open and completed ones, the cited titles, and the proposals' four retrievals
  // and facts (decision 043) unless the API process keeps them for the search generation and the day.
  // A retrieval costs at most six statements (the words and their statistics, the vectors, the
  // candidates, the passages, the documents' scale) however many documents there are (an organization
  // large enough for the vector index adds its settings), so the bound follows the questions, not the data.
  { path: '/readiness', apiCalls: 1, maxStatements: 31 },
  // The plan: its tasks, the members, then its sources: meetings, analyses, the checklist's two with
  // the plan's members (three when its documents changed), the assessment, and the customers' facts
  // when the customer driver is weak (its task names the largest customer).
  { path: '/actions', apiCalls: 1, maxStatements: 10 },
]

for (const role of ['admin', 'analyst', 'member'] as DemoRole[]) {
  test(`a page resolves its ${role} caller once, however many calls it makes`, async ({ page }) => {
    await signIn(page, role)
    for (const { path, apiCalls, maxStatements, roles } of PAGES) {
      if (roles && !roles.includes(role)) continue
      const cost = await costOf(page, path)
      expect(cost, path).toMatchObject({ apiCalls, callerResolutions: 1 })
      expect(cost.sqlStatements, path).toBeLessThanOrEqual(maxStatements)
    }
  })
}

test('each page request resolves its caller afresh: nothing is kept from one request to the next', async ({ page }) => {
  await signIn(page, 'admin')
  const first = await costOf(page, '/dashboard')
  const second = await costOf(page, '/dashboard')
  expect([first.callerResolutions, second.callerResolutions]).toEqual([1, 1])
})

test('a search asked again is answered from the web process’s cache: no ranking statements', async ({ page }) => {
  await signIn(page, 'member')
  const path = `/search?q=${encodeURIComponent(`succession of management ${Date.now()}`)}`
  // Three times: a web process keeps its own results, and the first two may reach different ones.
  // A search answered from the cache costs the caller's one statement alone.
  const costs = [await costOf(page, path), await costOf(page, path), await costOf(page, path)]
  expect(Math.max(...costs.map((cost) => cost.sqlStatements))).toBeGreaterThan(1)
  expect(Math.min(...costs.map((cost) => cost.sqlStatements))).toBeLessThanOrEqual(1)
})

test('a conversation’s page costs its two calls and four statements, a page of messages read at once', async ({
  page,
}) => {
  // A member of an organization of their own: the demo member's chat limits are other tests' too.
  const [member] = (await createTeam('Costs', ['member'])).users
  const { access } = await apiSignIn(member!.username, member!.password)
  const { id } = await api<{ id: number }>('POST', '/conversations/', { token: access, body: { title: 'Costs' } })
  for (const question of ['When does the lease end?', 'Who are the largest customers?'])
    await api('POST', `/conversations/${id}/add_message/`, { token: access, body: { content: question } })
  await signInAs(page, member!.username, member!.password)
  // The caller; the conversations beside it (the layout); the conversation with its latest page of
  // messages in one call (decisions 086, 088): the same however long the conversation is.
  for (const path of [`/chat/${id}`, `/chat/${id}?before=2147483647`]) {
    const cost = await costOf(page, path)
    expect(cost, path).toMatchObject({ apiCalls: 2, callerResolutions: 1 })
    expect(cost.sqlStatements, path).toBeLessThanOrEqual(4)
  }
})

test('a signed-out page costs the backend nothing', async ({ page }) => {
  expect(await costOf(page, '/login')).toEqual({ apiCalls: 0, callerResolutions: 0, sqlStatements: 0 })
})
