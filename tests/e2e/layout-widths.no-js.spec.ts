import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { expect, type Page, test } from '@playwright/test'

import {
  addTeamUser,
  api,
  apiSignIn,
  createTeam,
  invitationLink,
  longEmail,
  type Role,
  type TeamUser,
} from './support/api'
import { uploadProcessed } from './support/documents'
import { signInAs } from './support/fixtures'

const WIDTHS = [320, 360, 768, 1024, 1280, 1920]
const ROLES: Role[] = ['admin', 'analyst', 'member']
// The longest address the issue asks us to hold: every signed-in user of this file has one.
const EMAIL_LENGTH = 60

interface Setup {
  people: Record<Role, TeamUser>
  documentId: number
  invitationToken: string
}

let setup: Setup

/** A new version of the document, uploaded by `user`, so Version History has rows with their address. */
async function uploadVersion(user: TeamUser, organization: string, documentId: number) {
  const { access } = await apiSignIn(user.username, user.password)
  const body = new FormData()
  body.append(
    'file',
    new Blob(['Heads of terms, signed.\n'.repeat(20)], { type: 'text/plain' }),
    'heads-of-terms-signed.txt',
  )
  body.append(
    'changes',
    'Signed copy returned by the buyer after the closing meeting, with the completion accounts attached',
  )
  const response = await fetch(`http://localhost:${process.env.E2E_PORT}/api/documents/${documentId}/versions/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, 'x-organization': organization },
    body,
  })
  if (response.status !== 201) throw new Error(`Version upload answered ${response.status}: ${await response.text()}`)
}

// One worker runs these tests in turn, so what beforeAll starts is started once, not once per worker.
test.describe.configure({ mode: 'default' })
test.beforeAll(async () => {
  test.setTimeout(120_000)
  const { organization, users, adminToken } = await createTeam('Widths', ['admin'])
  const people = {} as Record<Role, TeamUser>
  for (const role of ROLES)
    people[role] = await addTeamUser(organization, adminToken, role, longEmail(EMAIL_LENGTH, role))
  const [document] = await uploadProcessed(users[0]!, organization.slug, [
    {
      title: 'Heads of terms for the proposed acquisition of Northwind Holdings by Harbor Capital',
      name: 'heads-of-terms.txt',
      content: (
        'The buyer proposes an enterprise value of twelve million on a cash-free, debt-free basis. ' +
        'The lease runs to 2031.\n'
      ).repeat(12),
    },
  ])
  await uploadVersion(people.admin, organization.slug, document!.id)
  // A pending invitation from another organization, so the invitation pages have one to show.
  const other = await api<{ slug: string }>('POST', '/organizations/', {
    token: adminToken,
    body: { name: `Harbor Capital Partners and Associates ${Date.now()}` },
  })
  for (const role of ROLES)
    await api('POST', `/organizations/${other.slug}/invite/`, {
      token: adminToken,
      body: { email: people[role].email, role: 'analyst' },
    })
  // And one for a person with no account yet: the page the e-mail's link opens.
  const newcomer = longEmail(EMAIL_LENGTH, 'newcomer')
  await api('POST', `/organizations/${organization.slug}/invite/`, {
    token: adminToken,
    body: { email: newcomer, role: 'member' },
  })
  const invitationToken = (await invitationLink(newcomer)).split('/invitations/')[1]!
  setup = { people, documentId: document!.id, invitationToken }
})

function signedInPages(documentId: number) {
  return [
    '/dashboard',
    '/documents',
    `/documents?confirm-delete=${documentId}`,
    ...['preview', 'metadata', 'analysis', 'versions'].map((tab) => `/documents/${documentId}?tab=${tab}`),
    '/search?q=enterprise+value+lease',
    '/readiness',
    '/readiness/value-gap',
    '/readiness/checklist',
    '/readiness/checklist/org-chart',
    '/actions',
    '/profile',
    '/organizations',
    '/organizations/invitations',
    '/admin/organization',
    '/admin/organization/invite',
    '/admin/users',
    '/unauthorized',
  ]
}

/**
 * Every 16 px from 320 to 1920, and each side of every breakpoint in our style sheets, where a layout
 * changes and is most likely to be too wide.
 */
function sweepWidths() {
  const widths = new Set<number>()
  for (let width = 320; width <= 1920; width += 16) widths.add(width)
  const styles = fileURLToPath(new URL('../../app/styles', import.meta.url))
  for (const file of readdirSync(styles)) {
    const css = readFileSync(path.join(styles, file), 'utf8')
    for (const [, value, unit] of css.matchAll(/max-width:\s*([\d.]+)(rem|px)\s*\)/g)) {
      const px = Math.floor(Number(value) * (unit === 'rem' ? 16 : 1))
      for (const width of [px - 1, px, px + 1]) if (width >= 320 && width <= 1920) widths.add(width)
    }
  }
  return [...widths].sort((a, b) => a - b)
}

/** How far the page scrolls sideways (0 when it does not), and which header controls lie off screen. */
function measure(page: Page) {
  return page.evaluate(() => {
    const screen = window.innerWidth
    const header = document.querySelector('.site-header')
    const offScreen = header
      ? Array.from(
          header.querySelectorAll<HTMLElement>(
            '.brand, .main-nav a, .main-nav summary, .mobile-menu > summary, .demo-button, .user-menu > summary',
          ),
        )
          .filter(
            (element) => element.getClientRects().length > 0 && !element.closest('details:not([open]) > :not(summary)'),
          )
          .filter((element) => {
            const box = element.getBoundingClientRect()
            return box.left < 0 || box.right > screen
          })
          .map((element) => element.textContent?.trim() || element.className)
      : []
    const name = header?.querySelector<HTMLElement>('.organization-switcher-header .organization-name')
    const nameCut = name && name.getClientRects().length > 0 ? name.scrollWidth > name.clientWidth : false
    return { overflow: Math.max(0, document.documentElement.scrollWidth - screen), offScreen, nameCut }
  })
}

// From a tablet's width up, the organization's short name shows whole beside the brand.
const WHOLE_NAME_FROM = 768

test.describe('no page scrolls sideways', () => {
  for (const role of ROLES) {
    const who = `${role === 'admin' ? 'an' : 'a'} ${role}`
    test(`for ${who} with a ${EMAIL_LENGTH}-character address at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      // Every signed-in page at six widths each.
      test.slow()
      const user = setup.people[role]
      await signInAs(page, user.username, user.password)
      const problems: string[] = []
      for (const path of signedInPages(setup.documentId)) {
        await page.setViewportSize({ width: WIDTHS[0]!, height: 800 })
        await page.goto(path)
        await expect(page.locator('#main')).toBeVisible()
        // Pages are laid out by CSS alone, so a resize shows what a load at that width would.
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 })
          const { overflow, offScreen } = await measure(page)
          if (overflow) problems.push(`${path} at ${width} px scrolls ${overflow} px sideways`)
          if (offScreen.length)
            problems.push(`${path} at ${width} px: header controls off screen: ${offScreen.join(', ')}`)
        }
      }
      expect(problems).toEqual([])
      // The address is shortened in the button, never dropped: it is the button's name and is whole in the menu.
      await expect(page.locator('.user-menu > summary')).toContainText(user.email)
    })
  }

  test('for the header at every width from 320 to 1920 px (the admin has the most links), its name whole', async ({
    page,
  }) => {
    // About 130 widths.
    test.slow()
    const admin = setup.people.admin
    await signInAs(page, admin.username, admin.password)
    const problems: string[] = []
    // The header is laid out by CSS alone, so a resize shows what a load at that width would.
    for (const width of sweepWidths()) {
      await page.setViewportSize({ width, height: 800 })
      const { overflow, offScreen, nameCut } = await measure(page)
      if (overflow || offScreen.length)
        problems.push(`${width} px: ${overflow} px sideways; off screen: ${offScreen.join(', ') || 'nothing'}`)
      if (nameCut && width >= WHOLE_NAME_FROM) problems.push(`${width} px: the organization's name is cut`)
    }
    expect(problems).toEqual([])
  })

  test('for someone signed out: the login page and an invitation link', async ({ page }) => {
    const problems: string[] = []
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      for (const path of ['/login', `/invitations/${setup.invitationToken}`]) {
        await page.goto(path)
        await expect(page.locator('h1').first()).toBeVisible()
        const { overflow } = await measure(page)
        if (overflow) problems.push(`${path} at ${width} px scrolls ${overflow} px sideways`)
      }
    }
    expect(problems).toEqual([])
  })
})
