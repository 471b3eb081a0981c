// Screenshots of the pages people judge the product by, at a laptop (1280) and a phone (360) width,
// written to docs/screens/ so a reviewer can see them without running the app.
//
//   npx tsx scripts/screens.ts [server URL] [--data-dir DIR] [--out DIR]
//
// The server must be running (`npm start`); DATA_DIR is the server's, whose outbox holds the
// invitation e-mails (default ./data, as `npm start` uses). The script signs in as the demo admin,
// creates a fresh organization with a few documents and people (through real invitations), and
// photographs it. It changes nothing that exists, but it does add that organization: point it at a
// development or test server, not at one people use. The exported PDF page needs poppler's pdftoppm.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { type Browser, chromium, type Page } from '@playwright/test'

import { api, apiSignIn, mailedLink } from '../tests/e2e/support/api'
import { uploadProcessed, waitUntilProcessed } from '../tests/e2e/support/documents'
import { DEMO_PASSWORD } from '../tests/e2e/support/fixtures'
import { financialsWorkbook } from '../tests/e2e/support/workbook'
import { SALE_FILE, SALE_FILES } from '../tests/fixtures/sale-file'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium'

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '360', viewport: { width: 360, height: 740 } },
] as const

function option(name: string, fallback: string) {
  const index = process.argv.indexOf(name)
  return index > 0 ? process.argv[index + 1]! : fallback
}

const base = (process.argv[2]?.startsWith('http') ? process.argv[2] : 'http://localhost:3000').replace(/\/$/, '')
const dataDir = path.resolve(option('--data-dir', process.env.DATA_DIR ?? 'data'))
const outDir = path.resolve(option('--out', 'docs/screens'))
const stamp = Date.now().toString(36)
const CALL = path.resolve('tests/fixtures/meetings/becker-valuation-call.txt')

const DOCUMENTS = [
  { title: 'Shareholder agreement 2024', name: 'shareholder-agreement.txt', category: 'Legal' },
  { title: 'Five-year financial forecast and valuation bridge', name: 'forecast.csv', category: 'Financial' },
  { title: 'Management presentation', name: 'management-presentation.txt', category: 'Strategy' },
  { title: 'Customer contracts summary', name: 'customer-contracts.txt', category: 'Legal' },
]

async function invite(slug: string, adminToken: string, email: string, role: string) {
  await api('POST', `/organizations/${slug}/invite/`, { token: adminToken, body: { email, role }, base })
  return (await mailedLink(email, '/invitations/', dataDir)).split('/invitations/')[1]!
}

/** A fresh organization led by an admin with a long address (it must truncate in the header). */
async function prepare() {
  const { access } = await apiSignIn('admin', DEMO_PASSWORD, base)
  const organization = await api<{ slug: string; name: string }>('POST', '/organizations/', {
    token: access,
    base,
    body: {
      name: `Northwind Exit Partners ${stamp}`,
      description: 'Sell-side advisory for owner-managed businesses.',
      website: 'https://northwind.example.com',
    },
  })
  const admin = {
    username: `olivia${stamp}`,
    password: `pass-${stamp}-olivia`,
    email: `olivia.hargreaves-montgomery.${stamp}@northwind-exit.example.com`,
  }
  const adminInvite = await invite(organization.slug, access, admin.email, 'admin')
  await api('POST', `/invitations/token/${adminInvite}/accept/`, {
    base,
    body: { username: admin.username, password: admin.password },
  })
  const people: Record<string, { username: string; password: string; email: string }> = {}
  for (const [index, role] of (['analyst', 'member'] as const).entries()) {
    const email = `${role}.${stamp}@northwind-exit.example.com`
    const token = await invite(organization.slug, access, email, role)
    people[role] = { username: `${role}${stamp}${index}`, password: `pass-${stamp}-${role}`, email }
    await api('POST', `/invitations/token/${token}/accept/`, {
      base,
      body: { username: people[role].username, password: people[role].password },
    })
  }
  const own = await apiSignIn(admin.username, admin.password, base)
  // A second client for the admin, so the header's switcher has one to offer; it invites the member.
  const second = await api<{ slug: string }>('POST', '/organizations/', {
    token: own.access,
    base,
    body: { name: `Harbor Family Holdings ${stamp}` },
  })
  await api('POST', `/organizations/${second.slug}/invite/`, {
    token: own.access,
    base,
    body: { email: people.member!.email, role: 'analyst' },
  })
  const documents: number[] = []
  for (const source of DOCUMENTS) {
    const body = new FormData()
    body.append('title', source.title)
    body.append('category', source.category)
    const content = source.name.endsWith('.csv')
      ? 'Year,Revenue,EBITDA\n2025,12.4,2.1\n2026,13.9,2.6\n2027,15.2,3.0\n'
      : `${source.title}.\n\nThe parties agree the terms below. Revenue grew 12% and the lease runs to 2031.\n`.repeat(
          8,
        )
    body.append('file', new Blob([content], { type: 'text/plain' }), source.name)
    const response = await fetch(`${base}/api/documents/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${own.access}`, 'x-organization': organization.slug },
      body,
    })
    if (response.status !== 201)
      throw new Error(`Upload of ${source.name} answered ${response.status}: ${await response.text()}`)
    documents.push(((await response.json()) as { id: number }).id)
  }
  // A second version, so the Version History table has rows to show.
  const version = new FormData()
  version.append(
    'file',
    new Blob(['Shareholder agreement, as signed.\n'.repeat(8)], { type: 'text/plain' }),
    'shareholder-agreement-signed.txt',
  )
  version.append('changes', 'Signed copy from the closing meeting')
  await fetch(`${base}/api/documents/${documents[0]}/versions/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${own.access}`, 'x-organization': organization.slug },
    body: version,
  })
  const sheet = new FormData()
  sheet.append('title', 'Financial statements FY2023-FY2024')
  sheet.append('file', new Blob([readFileSync(financialsWorkbook())]), 'financials.xlsx')
  const workbook = await fetch(`${base}/api/documents/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${own.access}`, 'x-organization': organization.slug },
    body: sheet,
  })
  documents.push(((await workbook.json()) as { id: number }).id)
  const newcomer = await invite(organization.slug, access, `new.partner.${stamp}@example.com`, 'analyst')
  const work = await clientWork(admin, organization.slug, documents.at(-1)!)
  await readinessWork(admin, organization.slug)
  return { admin, member: people.member!, documents, newcomer, ...work }
}

/**
 * What an advisor makes of the files: a question answered from the workbook (its answer quotes a
 * row, so it holds a table) and a meeting whose transcript was processed.
 */
async function clientWork(admin: { username: string; password: string }, organization: string, workbook: number) {
  const { access } = await apiSignIn(admin.username, admin.password, base)
  const headers = { authorization: `Bearer ${access}`, 'x-organization': organization }
  await waitUntilProcessed({ ...admin, email: '', role: 'admin' }, organization, { id: workbook, title: '' }, base)
  const conversation = await api<{ id: number }>('POST', '/conversations/', {
    token: access,
    base,
    body: { title: 'Gross profit', document_ids: [workbook] },
  })
  await fetch(`${base}/api/conversations/${conversation.id}/add_message/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'What was the gross profit in FY2024 and FY2023?' }),
  })
  const meeting = await api<{ id: string }>('POST', '/meetings/', {
    token: access,
    base,
    body: {
      title: 'Becker Logistics valuation call',
      date: '2026-11-16T15:00:00Z',
      duration: 60,
      participants: [
        { name: 'Priya Shah', role: 'advisor' },
        { name: 'Tom Becker', role: 'client' },
        { name: 'Luis Ortega', role: 'client-cfo' },
      ],
    },
  })
  const transcript = new FormData()
  transcript.append('file', new Blob([readFileSync(CALL)]), 'becker-valuation-call.txt')
  await fetch(`${base}/api/meetings/${meeting.id}/transcript/`, { method: 'POST', headers, body: transcript })
  // The meeting's notes as a client receives them: the PDF's first page, drawn by poppler.
  const pdf = await fetch(`${base}/api/meetings/${meeting.id}/export/?format=pdf`, { headers })
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'screens-')), 'notes.pdf')
  writeFileSync(file, new Uint8Array(await pdf.arrayBuffer()))
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(outDir, 'export-meeting-pdf'),
  ])
  console.log(path.join(outDir, 'export-meeting-pdf.png'))
  return { conversation: conversation.id, meeting: meeting.id }
}

/**
 * The readiness workspace as an advisor leaves it after a first session: the sale file read, a
 * proposed answer accepted and two answered, the multiples and rates set, the plan gathered, and
 * the readiness report's first page drawn.
 */
async function readinessWork(admin: { username: string; password: string }, organization: string) {
  const user = { ...admin, email: '', role: 'admin' as const }
  const sources = SALE_FILES.map(([name, title]) => ({ title, path: path.join(SALE_FILE, name) }))
  await uploadProcessed(user, organization, sources, base)
  const { access } = await apiSignIn(admin.username, admin.password, base)
  const send = async (method: string, route: string, body: unknown) => {
    const response = await fetch(`${base}/api${route}`, {
      method,
      headers: {
        authorization: `Bearer ${access}`,
        'x-organization': organization,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`)
  }
  await send('POST', '/assessment/answers/customers.largest-share/accept/', {})
  await send('PUT', '/assessment/answers/management.successor/', { score: 2, note: 'Her daughter has not decided.' })
  await send('PUT', '/assessment/answers/financial.trend/', { score: 4, note: '' })
  await send('PUT', '/value-gap/', {
    multiple_low: '5',
    multiple_mid: '5.4',
    multiple_high: '5.9',
    transaction_cost_percent: '6',
    tax_percent: '23.8',
  })
  await send('POST', '/actions/gather/', {})
  const pdf = await fetch(`${base}/api/readiness/report/?format=pdf&time_zone=Europe/Amsterdam`, {
    headers: { authorization: `Bearer ${access}`, 'x-organization': organization },
  })
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'screens-')), 'readiness.pdf')
  writeFileSync(file, new Uint8Array(await pdf.arrayBuffer()))
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(outDir, 'export-readiness-pdf'),
  ])
  console.log(path.join(outDir, 'export-readiness-pdf.png'))
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${base}/login`)
  await page.getByLabel('Username or Email').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

async function shoot(page: Page, name: string, fullPage = true) {
  // Toasts come and go; a screenshot shows the page, not the moment.
  await page
    .locator('.toaster')
    .evaluate((element) => element.remove())
    .catch(() => undefined)
  const file = path.join(outDir, `${name}.png`)
  await page.screenshot({ path: file, fullPage })
  console.log(file)
}

/** Opens the organization switcher: in the header, or on a phone as Menu's first entry. */
async function openSwitcher(page: Page, width: string) {
  if (width === '360') {
    await page.locator('.mobile-menu > summary').click()
    await page.locator('.organization-switcher-menu > summary').click()
  } else {
    await page.locator('.organization-switcher-header > summary').click()
  }
}

async function photograph(browser: Browser, setup: Awaited<ReturnType<typeof prepare>>) {
  for (const width of WIDTHS) {
    // An advisor in Amsterdam: with JavaScript the browser's zone is the one times are shown in.
    const context = await browser.newContext({ viewport: width.viewport, timezoneId: 'Europe/Amsterdam' })
    const page = await context.newPage()
    await signIn(page, setup.admin.username, setup.admin.password)

    await page.goto(`${base}/dashboard`)
    await shoot(page, `dashboard-${width.name}`)
    await openSwitcher(page, width.name)
    await shoot(page, `switcher-admin-${width.name}`, false)

    await page.goto(`${base}/documents`)
    await page.getByRole('link', { name: 'Management presentation', exact: true }).waitFor()
    await shoot(page, `documents-${width.name}`)

    await page.getByRole('link', { name: /^Delete Customer contracts summary/ }).click()
    await page.getByRole('button', { name: 'Delete document' }).waitFor()
    await shoot(page, `documents-delete-${width.name}`)

    await page.goto(`${base}/documents`)
    await page.getByRole('link', { name: 'Shareholder agreement 2024', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('.document-panel').waitFor()
    await shoot(page, `document-dialog-${width.name}`, false)
    await dialog.getByRole('link', { name: 'Version History' }).click()
    await dialog.getByRole('table').waitFor()
    await shoot(page, `document-dialog-versions-${width.name}`, false)

    // A file refused in the browser before anything is sent, named on its field.
    await page.goto(`${base}/documents?upload=true`)
    await page
      .getByLabel('File')
      .setInputFiles({ name: 'board-minutes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') })
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await page.locator('.upload-card .error-list').waitFor()
    await page.locator('.upload-card').screenshot({ path: path.join(outDir, `upload-error-${width.name}.png`) })

    await page.goto(`${base}/transcriptions/new`)
    await page.getByLabel('Date and time (Europe/Amsterdam)').waitFor()
    await shoot(page, `schedule-${width.name}`)

    await page.goto(`${base}/documents/${setup.documents.at(-1)}?tab=preview&page=1`)
    await page.getByRole('heading', { name: /^Sheet 1 of 2/ }).waitFor()
    await shoot(page, `preview-sheet-${width.name}`, false)

    await page.goto(`${base}/chat/${setup.conversation}`)
    await page.locator('.message-assistant').first().waitFor()
    await shoot(page, `chat-table-${width.name}`)

    await page.goto(`${base}/transcriptions/${setup.meeting}`)
    await shoot(page, `meeting-${width.name}`)

    // The readiness workspace: the assessment's summary and a proposal, the gap, the checklist, the plan.
    await page.goto(`${base}/readiness`)
    await shoot(page, `readiness-assessment-${width.name}`, false)
    // One driver's questions a page (decision 084): the customer table's proposal is on its driver's.
    await page.goto(`${base}/readiness?driver=customers`)
    await page.locator('[id="q-customers.largest-share"]').screenshot({
      path: path.join(outDir, `readiness-proposal-${width.name}.png`),
    })
    await page.goto(`${base}/readiness/value-gap`)
    await shoot(page, `readiness-value-gap-${width.name}`)
    await page.goto(`${base}/readiness/checklist`)
    await shoot(page, `readiness-checklist-${width.name}`, false)
    await page.goto(`${base}/actions`)
    await shoot(page, `actions-${width.name}`, false)
    // The members table, which a phone reads as one block per member.
    await page.goto(`${base}/admin/organization`)
    await shoot(page, `admin-organization-${width.name}`, false)

    await page.goto(`${base}/no/such/page`)
    await shoot(page, `not-found-${width.name}`)
    await context.close()

    // A member with one organization and an invitation to another.
    const memberContext = await browser.newContext({ viewport: width.viewport })
    const memberPage = await memberContext.newPage()
    await signIn(memberPage, setup.member.username, setup.member.password)
    await shoot(memberPage, `dashboard-member-${width.name}`)
    await openSwitcher(memberPage, width.name)
    await shoot(memberPage, `switcher-member-${width.name}`, false)
    await memberPage.goto(`${base}/readiness`)
    await shoot(memberPage, `readiness-member-${width.name}`, false)
    await memberPage.goto(`${base}/actions`)
    await shoot(memberPage, `actions-member-${width.name}`, false)
    await memberContext.close()

    // The invitation link as the new person opens it: signed out.
    const visitor = await browser.newContext({ viewport: width.viewport })
    const invitation = await visitor.newPage()
    await invitation.goto(`${base}/invitations/${setup.newcomer}`)
    await shoot(invitation, `invitation-${width.name}`)
    await visitor.close()
  }
}

async function main() {
  mkdirSync(outDir, { recursive: true })
  const setup = await prepare()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    await photograph(browser, setup)
  } finally {
    await browser.close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
