// Runs once, in the project that runs alone after the others (playwright.config.ts): it times its
// own server's background work, drives that server through the API, and opens the create form
// itself with JavaScript on and off.
import { type Browser, expect, test } from '@playwright/test'

import { repeatedScanPdf } from '../support/scanned-pdf'
import { api, apiSignIn } from './support/api'
import { DEMO_PASSWORD, signInAs } from './support/fixtures'
import { type StartedServer, startServer } from './support/server'

interface Caller {
  token: string
  organization: string
}

interface DocumentState {
  processing_status: string
  ocr_progress: { pages_done: number; pages_total: number } | null
}

// The real settings but one: each user may create two organizations a day, so the form's refusal
// is reached in two steps.
let server: StartedServer
test.describe.configure({ mode: 'default' })
test.beforeAll(async () => {
  server = await startServer({ ORGANIZATIONS_PER_USER_PER_DAY: '2' })
})
test.afterAll(async () => server?.stop())

const headers = ({ token, organization }: Caller) => ({
  authorization: `Bearer ${token}`,
  'x-organization': organization,
})

async function upload(caller: Caller, name: string, bytes: Uint8Array<ArrayBuffer>, type: string) {
  const body = new FormData()
  body.append('file', new Blob([bytes], { type }), name)
  const response = await fetch(`${server.url}/api/documents/`, { method: 'POST', headers: headers(caller), body })
  expect(response.status, await response.clone().text()).toBe(201)
  return ((await response.json()) as { id: number }).id
}

async function documentState(caller: Caller, id: number) {
  const response = await fetch(`${server.url}/api/documents/${id}/`, { headers: headers(caller) })
  return (await response.json()) as DocumentState
}

const createOrganization = (token: string, name: string) =>
  fetch(`${server.url}/api/organizations/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  })

test("another organization's text is processed within 30 s while two organizations' long scans are queued", async () => {
  test.setTimeout(180_000)
  // Issue 43: one user's two organizations, three 100-page scans each (a run of the old code held
  // its slot for about 100 s), filled both of the two slots (JOB_CONCURRENCY's default).
  const admin = (await apiSignIn('admin', DEMO_PASSWORD, server.url)).access
  const attackers: Caller[] = []
  for (const name of ['Scan Farm One', 'Scan Farm Two']) {
    const { slug } = await api<{ slug: string }>('POST', '/organizations/', {
      token: admin,
      body: { name },
      base: server.url,
    })
    attackers.push({ token: admin, organization: slug })
  }
  const scan = await repeatedScanPdf(100)
  const scans: Array<{ caller: Caller; id: number }> = []
  for (const caller of attackers)
    for (const copy of [1, 2, 3])
      scans.push({ caller, id: await upload(caller, `archive-${copy}.pdf`, scan, 'application/pdf') })

  // Both slots busy reading scans, one document of each organization.
  const first = [scans[0]!, scans[3]!]
  await expect
    .poll(
      async () => {
        const states = await Promise.all(first.map(({ caller, id }) => documentState(caller, id)))
        return states.every((state) => (state.ocr_progress?.pages_done ?? 0) > 0)
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBe(true)

  const victim: Caller = {
    token: (await apiSignIn('analyst', DEMO_PASSWORD, server.url)).access,
    organization: 'demo-advisory-group',
  }
  const uploaded = Date.now()
  const note = await upload(
    victim,
    'note.txt',
    new TextEncoder().encode('The buyer asked for the 2025 accounts.'),
    'text/plain',
  )
  await expect
    .poll(async () => (await documentState(victim, note)).processing_status, { timeout: 30_000, intervals: [100] })
    .toBe('processed')
  test.info().annotations.push({ type: 'victim wait', description: `${((Date.now() - uploaded) / 1000).toFixed(1)} s` })

  // The scans are deleted: the runs reading them stop at their next page, and the worker falls idle
  // at once instead of reading on for minutes.
  for (const { caller, id } of scans) {
    const response = await fetch(`${server.url}/api/documents/${id}/`, { method: 'DELETE', headers: headers(caller) })
    expect(response.status).toBe(204)
  }
  await expect.poll(() => jobLog().running, { timeout: 30_000, intervals: [200] }).toBe(0)
  expect(jobLog().stoppedByDeletion).toBeGreaterThan(0)
})

/** What the server's log says of its jobs: how many run now, and how many a deletion stopped. */
function jobLog() {
  const count = { started: 0, ended: 0, stoppedByDeletion: 0 }
  const output = server.output()
  // Whole lines only: the last may still be being written.
  for (const line of output.slice(0, output.lastIndexOf('\n')).split('\n')) {
    if (!line.startsWith('{')) continue
    const { msg } = JSON.parse(line) as { msg?: string }
    if (msg === 'job started') count.started++
    else if (msg?.startsWith('job finished') || msg?.startsWith('job failed') || msg?.startsWith('job handed back'))
      count.ended++
    else if (msg?.endsWith('its OCR run stopped')) count.stoppedByDeletion++
  }
  return { running: count.started - count.ended, stoppedByDeletion: count.stoppedByDeletion }
}

test('refuses an organization past the allowance of a day, by the API and on the form with JavaScript and without', async ({
  browser,
}) => {
  const { access } = await apiSignIn('member', DEMO_PASSWORD, server.url)
  for (const name of ['Member Holdings One', 'Member Holdings Two'])
    expect((await createOrganization(access, name)).status).toBe(201)
  const refused = await createOrganization(access, 'Member Holdings Three')
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  const message =
    'You have created 2 organizations in the last 24 hours, the most allowed. You can create another in 24 hours.'
  expect(await refused.json()).toEqual({ detail: message })

  for (const javaScriptEnabled of [true, false]) await refusedOnTheForm(browser, javaScriptEnabled, message)
})

async function refusedOnTheForm(browser: Browser, javaScriptEnabled: boolean, message: string) {
  const context = await browser.newContext({ javaScriptEnabled })
  try {
    const page = await context.newPage()
    await signInAs(page, 'member', DEMO_PASSWORD, { base: server.url, to: '/organizations' })
    await page.getByText('Create New Organization').click()
    await page.getByLabel('Organization Name').fill('Member Holdings Three')
    await page.getByRole('button', { name: 'Create Organization' }).click()
    await expect(page.getByText(message)).toBeVisible()
    await expect(page).toHaveURL(/\/organizations$/)
    // What was typed is kept, to be sent again later.
    await expect(page.getByLabel('Organization Name')).toHaveValue('Member Holdings Three')
  } finally {
    await context.close()
  }
}
