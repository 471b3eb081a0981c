import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn } from './support/api'
import { DEMO_PASSWORD, expectNoAxeViolations, signIn } from './support/fixtures'
import { type StartedServer, startServer } from './support/server'

/*
 * Issue 30, findings 7 and 10: chat is limited, and the page says so. A server of their own, where
 * one question a minute is each user's limit, so the second is refused.
 */

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true })
const ONE_QUESTION =
  /^You have asked 1 question in the last minute, the most allowed\. Please try again in \d+ seconds?\.$/

test.describe.configure({ mode: 'default' })

let server: StartedServer

test.beforeAll(async () => {
  server = await startServer({ CHAT_QUESTIONS_PER_MINUTE_PER_USER: '1' })
})
test.afterAll(async () => {
  await server?.stop()
})

test('the chat page says the question was not sent, and when to ask again, past the limit a minute', async ({
  page,
  javaScriptEnabled,
}) => {
  // An answer, a refusal and (with JavaScript) an accessibility check: more than 30 s on a busy machine.
  test.slow()
  await signIn(page, 'member', { from: `${server.url}/login` })
  await page.goto(`${server.url}/chat`)
  const before = page.url()
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'New' }).click()
  await expect(page).not.toHaveURL(before)
  await expect(page.getByText('Start a conversation with the Exit Planner assistant.')).toBeVisible()

  await messageBox(page).fill('When does the lease end?')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('.conversation-link[aria-current="page"]')).toContainText('2 messages')

  // The refusal: the relay's answer with JavaScript, the form's page without.
  const refused = page.waitForResponse((response) => response.request().method() === 'POST')
  await messageBox(page).fill('What renewal options does it have?')
  await page.getByRole('button', { name: 'Send' }).click()
  const response = await refused
  expect(response.status()).toBe(429)
  expect(Number(response.headers()['retry-after'])).toBeGreaterThanOrEqual(1)

  const banner = page.getByRole('alert')
  await expect(banner).toContainText('Failed to send message. Please try again.')
  await expect(banner.getByText(ONE_QUESTION)).toBeVisible()
  await expect(page.locator('.conversation-link[aria-current="page"]')).toContainText('2 messages')
  if (javaScriptEnabled) {
    await expect(page.locator('.message-assistant').last()).toContainText('Error: Failed to get complete response.')
    // With JavaScript only, as in table-answers.spec.ts: without it axe does not finish on the chat page.
    await expectNoAxeViolations(page)
  } else {
    // Nothing was sent: the question waits in the box, to be sent again.
    await expect(messageBox(page)).toHaveValue('What renewal options does it have?')
  }
})

test('the relay streams with no-store and nosniff, and passes a refusal on with its Retry-After', async ({ page }) => {
  await signIn(page, 'analyst', { from: `${server.url}/login` })
  const cookie = (await page.context().cookies(server.url)).map((c) => `${c.name}=${c.value}`).join('; ')
  const { access } = await apiSignIn('analyst', DEMO_PASSWORD, server.url)
  const conversation = await api<{ id: number }>('POST', '/conversations/', {
    base: server.url,
    token: access,
    body: { title: 'Relay' },
  })
  const ask = () => {
    const body = new FormData()
    body.set('content', 'When does the lease end?')
    return fetch(`${server.url}/resources/chat/${conversation.id}/stream`, {
      method: 'POST',
      headers: { cookie, origin: server.url },
      body,
    })
  }

  const streamed = await ask()
  expect(streamed.status).toBe(200)
  expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/)
  expect(streamed.headers.get('cache-control')).toBe('no-store')
  expect(streamed.headers.get('x-content-type-options')).toBe('nosniff')
  expect(await streamed.text()).toContain('"type":"metadata"')

  const refused = await ask()
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  expect(((await refused.json()) as { detail: string }).detail).toMatch(ONE_QUESTION)
})
