import { createServer, type Server } from 'node:http'

import { expect, type Page, test } from '@playwright/test'

import { createTeam } from './support/api'
import { uploadDocument } from './support/documents'
import { openUserMenu, signIn, signInAs } from './support/fixtures'

const app = () => `http://localhost:${process.env.E2E_PORT}`
const REFUSAL = 'Request refused: this form was sent from another website, so nothing was changed.'

// The attacker's site: a page on another port of the same host (another origin, but the same *site*,
// so the browser still sends the SameSite=Lax session cookie) or on another host (another site).
// Each page holds one innocent-looking form that posts to the app.
let attacker: Server
let attackerPort: number

function attackPage(action: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('')
  return `<!doctype html><title>Win a prize</title><form method="post" action="${app()}${action}">${inputs}<button>Claim your prize</button></form>`
}

test.beforeAll(async () => {
  attacker = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://attacker')
    const page =
      url.pathname === '/delete'
        ? attackPage('/documents', { intent: 'delete', id: url.searchParams.get('id') ?? '' })
        : attackPage('/logout', {})
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(page)
  })
  await new Promise<void>((resolve) => attacker.listen(0, resolve))
  const address = attacker.address()
  attackerPort = typeof address === 'object' && address ? address.port : 0
})

test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())))

/** Clicks the attacker's button and answers the app's response to the forged post. */
async function claimPrize(page: Page, appPath: string) {
  const answer = page.waitForResponse(
    (response) => response.url() === `${app()}${appPath}` && response.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Claim your prize' }).click()
  return answer
}

test.describe('forms posted from another origin', () => {
  for (const [label, host] of [
    ['another port of the same host', 'localhost'],
    ['another site', '127.0.0.1'],
  ] as const) {
    test(`refuses a sign-out form from ${label} with 403 and keeps the visitor signed in`, async ({ page }) => {
      await signIn(page, 'member')
      await page.goto(`http://${host}:${attackerPort}/logout`)
      const response = await claimPrize(page, '/logout')
      expect(response.status()).toBe(403)
      await expect(page.getByText(REFUSAL)).toBeVisible()
      await expect(page.getByText(`It came from http://${host}:${attackerPort};`)).toBeVisible()

      await page.goto(`${app()}/dashboard`)
      await expect(page).toHaveURL(`${app()}/dashboard`)
      await expect(page.locator('.welcome')).toContainText('member@demo.example.com')
    })
  }

  test('refuses a document delete form from another origin and the document stays', async ({ page }) => {
    const { organization, users } = await createTeam('Csrf', ['admin'])
    const owner = users[0]
    const title = `Forged delete target ${test.info().project.name}`
    const document = await uploadDocument(owner, organization.slug, {
      title,
      name: 'target.txt',
      content: 'Exit plan notes',
    })
    await signInAs(page, owner.username, owner.password)

    await page.goto(`http://localhost:${attackerPort}/delete?id=${document.id}`)
    const response = await claimPrize(page, '/documents')
    expect(response.status()).toBe(403)
    await expect(page.getByText(REFUSAL)).toBeVisible()

    await page.goto(`${app()}/documents/${document.id}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  })

  test("keeps the app's own forms working: signing out from the menu", async ({ page }) => {
    await signIn(page, 'member')
    await openUserMenu(page, 'member@demo.example.com')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(`${app()}/login`)
    await expect(page.getByRole('status')).toContainText('You have been signed out.')
  })
})
