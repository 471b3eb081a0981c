import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

import { loginFormFields } from './login-form'

export const DEMO_PASSWORD = 'demo-password'
export type DemoRole = 'admin' | 'analyst' | 'member'

export const demoUser = (role: DemoRole) => ({ username: role, email: `${role}@demo.example.com` })

/** Signs in as a demo user (see signInAs); `from` names another server's /login. */
export async function signIn(page: Page, role: DemoRole, options: { from?: string; to?: string } = {}) {
  const base = options.from ? new URL(options.from).origin : ''
  await signInAs(page, demoUser(role).username, DEMO_PASSWORD, { base, to: options.to })
}

/**
 * Signs in the quick way a test that is about something else needs: the browser context sends the
 * login form's own POST (its hidden and honeypot fields included, read from the page), then opens
 * the page the answer leads to: the dashboard, or `to` (the form's own `redirectTo`), so a test that
 * starts elsewhere loads one page instead of two. Typing into the form is login.spec.ts's subject.
 */
export async function signInAs(
  page: Page,
  username: string,
  password: string,
  { base = '', to }: { base?: string; to?: string } = {},
) {
  const root = base || `http://localhost:${process.env.E2E_PORT}`
  const html = await (await page.request.get(`${root}/login`)).text()
  const response = await page.request.post(`${root}/login`, {
    form: { ...loginFormFields(html), ...(to ? { redirectTo: to } : {}), username, password },
    headers: { origin: root },
    maxRedirects: 0,
  })
  if (response.status() !== 302) throw new Error(`signing in as ${username} answered ${response.status()}`)
  await page.goto(new URL(response.headers().location!, root).href)
  await expect(page).not.toHaveURL(/\/login/)
}

export async function submitLogin(page: Page, username: string, password: string) {
  await page.getByLabel('Username or Email').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Runs axe on the current page and expects no violations (with their ids, for a readable failure). */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }))
  expect(summary).toEqual([])
}

/** Reads the Remix cookie session (signed, not encrypted) to look at the tokens it carries. */
export async function readSession(page: Page) {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === '__session')
  if (!cookie) return undefined
  const value = decodeURIComponent(cookie.value)
  const payload = value.slice(0, value.lastIndexOf('.'))
  const json = decodeURIComponent(escape(Buffer.from(payload, 'base64').toString('binary')))
  return JSON.parse(json) as { auth?: { access: string; refresh: string }; organizationSlug?: string }
}

export function jwtExpiry(token: string) {
  const [, payload] = token.split('.')
  return (JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number }).exp
}

/** Opens the header's user menu (its summary shows the avatar initial and the e-mail). */
export async function openUserMenu(page: Page, email: string) {
  await page.locator('.user-menu > summary', { hasText: email }).click()
}

/** Moves focus with Tab alone until `target` has it. */
export async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}
