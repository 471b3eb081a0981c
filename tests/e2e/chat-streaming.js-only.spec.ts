import { expect, type Page, test } from '@playwright/test'

import { type CompletionCall, startOpenAiServer } from '../api/support/openai-server'
import { api, apiSignIn, type TeamUser } from './support/api'
import { uploadProcessed } from './support/documents'
import { DEMO_PASSWORD, expectNoAxeViolations, signIn } from './support/fixtures'
import { type StartedServer, startServer } from './support/server'

/*
 * Answers from an OpenAI-compatible server that the test drives (tests/api/support/openai-server),
 * through a server of their own started with ANSWER_PROVIDER=openai: the test decides when each
 * piece of the answer leaves, so what the browser and the relay show in between can be checked.
 */

const DEMO = 'demo-advisory-group'
const LEASE = {
  title: 'Dayton lease summary',
  name: 'lease.txt',
  content: 'The factory lease in Dayton runs until 2031 with two five-year renewal options at market rent.\n',
}
const user = (role: 'analyst' | 'member'): TeamUser => ({
  username: role,
  email: `${role}@demo.example.com`,
  password: DEMO_PASSWORD,
  role,
})

test.describe.configure({ mode: 'default' })

let llm: Awaited<ReturnType<typeof startOpenAiServer>>
let server: StartedServer

test.beforeAll(async () => {
  // A server of its own starts and reads a first document in a new reader process.
  test.setTimeout(120_000)
  llm = await startOpenAiServer()
  server = await startServer({ ANSWER_PROVIDER: 'openai', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model' })
  await uploadProcessed(user('analyst'), DEMO, [LEASE], server.url)
})
test.afterAll(async () => {
  await server?.stop()
  await llm?.close()
})

/** A gate the test opens: the scripted server waits on it between two pieces of an answer. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** Each call to the model server, as it arrives. */
function nextCall() {
  return new Promise<CompletionCall>((resolve) => llm.onCall(resolve))
}

async function newConversation(page: Page) {
  await page.goto(`${server.url}/chat`)
  const before = page.url()
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'New' }).click()
  await expect(page).not.toHaveURL(before)
  await expect(page.getByText('Start a conversation with the Exit Planner assistant.')).toBeVisible()
}

test.describe('a streamed answer', () => {
  test('shows Thinking..., then each chunk as it comes, then the saved message with its sources', async ({ page }) => {
    await signIn(page, 'member', { from: `${server.url}/login` })
    await newConversation(page)
    const call = nextCall()
    const box = page.getByRole('textbox', { name: 'Message', exact: true })
    await box.fill('When does the lease end?')
    await box.press('Enter')
    const answer = page.locator('.message-assistant').last()
    await expect(answer.getByRole('status')).toHaveText('Thinking...')
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled()
    await expectNoAxeViolations(page)
    await expect(page.locator('.message-user').last()).toContainText('When does the lease end?')

    const model = await call
    model.send('The lease runs until 2031')
    await expect(answer).toContainText('The lease runs until 2031')
    await expect(answer.getByText('Sources:')).toHaveCount(0)
    model.send(' [1].')
    model.finish()
    await expect(answer.getByRole('link', { name: '[1]' })).toBeVisible()
    await expect(answer.getByRole('link', { name: LEASE.title })).toBeVisible()
    await expect(page.locator('.conversation-link[aria-current="page"]')).toContainText('2 messages')
  })

  test('ends with the spec’s error line and banner when the model fails mid-answer', async ({ page }) => {
    await signIn(page, 'member', { from: `${server.url}/login` })
    await newConversation(page)
    const call = nextCall()
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('When does the lease end?')
    await page.keyboard.press('Enter')
    const model = await call
    model.send('The lease runs')
    await expect(page.locator('.message-assistant').last()).toContainText('The lease runs')
    model.drop()
    await expect(page.locator('.message-assistant').last()).toContainText(
      'The lease runs Error: Failed to get complete response.',
    )
    await expect(page.getByRole('alert')).toContainText('Failed to get response. Please try again.')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Dismiss' }).click()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})

test.describe('the relay route', () => {
  test('passes the first chunk on before the model has finished, and a client that leaves stops the model', async ({
    page,
  }) => {
    await signIn(page, 'member', { from: `${server.url}/login` })
    const cookie = (await page.context().cookies(server.url)).map((c) => `${c.name}=${c.value}`).join('; ')
    const { access } = await apiSignIn('member', DEMO_PASSWORD, server.url)
    const conversation = await api<{ id: number }>('POST', '/conversations/', {
      base: server.url,
      token: access,
      body: { title: 'Relay' },
    })

    const ask = async () => {
      const body = new FormData()
      body.set('content', 'When does the lease end?')
      const response = await fetch(`${server.url}/resources/chat/${conversation.id}/stream`, {
        method: 'POST',
        headers: { cookie, origin: server.url },
        body,
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      return response.body!.pipeThrough(new TextDecoderStream()).getReader()
    }

    // Incremental: the first event is read while the model still holds the rest of its answer, and it
    // is the backend's event as the backend wrote it (the relay passes its bytes on).
    const release = gate()
    let call = nextCall()
    const first = await ask()
    const model = await call
    model.send('The lease runs until 2031')
    let received = ''
    while (!received.includes('\n\n')) received += (await first.read()).value ?? ''
    expect(received).toBe('data: {"type":"chunk","content":"The lease runs until 2031"}\n\n')
    void release.opened.then(() => {
      model.send(' [1].')
      model.finish()
    })
    release.open()
    for (let read = await first.read(); !read.done; read = await first.read()) received += read.value
    const events = received
      .split('\n\n')
      .filter(Boolean)
      .map((block) =>
        JSON.parse(
          block
            .split('\n')
            .find((line) => line.startsWith('data: '))!
            .slice(6),
        ),
      )
    expect(events.map((event) => event.type)).toEqual(['chunk', 'chunk', 'metadata'])
    expect(events[2].message.content).toBe('The lease runs until 2031 [1].')

    // Abort: the reader goes away mid-answer; the model's request is closed, and nothing is saved.
    call = nextCall()
    const second = await ask()
    const held = await call
    held.send('The lease')
    await second.read()
    await second.cancel()
    await held.aborted
    const messages = await api<Array<{ role: string }>>('GET', `/conversations/${conversation.id}/messages/`, {
      base: server.url,
      token: access,
    })
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
  })
})
