import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, createTeam, type TeamUser } from './support/api'
import { uploadProcessed } from './support/documents'
import { signInAs, tabTo } from './support/fixtures'

const LEASE = {
  title: 'Dayton lease summary',
  name: 'lease.txt',
  content: 'The factory lease in Dayton runs until 2031 with two five-year renewal options at market rent.\n',
}

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true })
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' })

/** Sends with Enter when JavaScript runs (spec §2), with the Send button when it does not. */
async function ask(page: Page, javaScriptEnabled: boolean | undefined, question: string) {
  await messageBox(page).fill(question)
  if (javaScriptEnabled) await messageBox(page).press('Enter')
  else await page.getByRole('button', { name: 'Send' }).click()
}

async function newConversation(page: Page) {
  const before = page.url()
  await sidebar(page).getByRole('button', { name: 'New' }).click()
  await expect(page).not.toHaveURL(before)
  await expect(page).toHaveURL(/\/chat\/\d+$/)
  await expect(page.getByText('Start a conversation with the Exit Planner assistant.')).toBeVisible()
}

// One organization per file and project, shared by its tests: run them in order in one worker.
test.describe.configure({ mode: 'default' })

let member: TeamUser
let leaseId: number

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const team = await createTeam('Chatters', ['analyst', 'member'])
  member = team.users[1]!
  const [lease] = await uploadProcessed(team.users[0]!, team.organization.slug, [LEASE])
  leaseId = lease!.id
})

test.describe('chat', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, member.username, member.password)
  })

  test('starts empty, then asks and shows the answer with its citation and sources', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto('/chat')
    if (!(await sidebar(page).getByRole('link').count())) {
      await expect(page.getByText('No conversations yet.')).toBeVisible()
      await expect(page.getByText('Start a new chat to begin.')).toBeVisible()
      await expect(page.getByText('Select a conversation or create a new one to get started.')).toBeVisible()
    }
    await newConversation(page)
    await expect(page.getByRole('status').filter({ hasText: 'New conversation created' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('New Conversation')
    await expect(page.getByText(/^Created /)).toBeVisible()
    await expect(messageBox(page)).toHaveAttribute('placeholder', 'Type your message...')
    // Says what Enter does in each mode: without JavaScript it is a new line, and Send sends.
    await expect(
      page.getByText(
        javaScriptEnabled
          ? 'Press Enter to send, Shift+Enter for a new line'
          : 'Press Send to send; Enter adds a new line',
      ),
    ).toBeVisible()

    await ask(page, javaScriptEnabled, 'When does the factory lease in Dayton end?')
    const answer = page.locator('.message-assistant').last()
    // The lease's end, read when the document was ingested, with where it was read.
    await expect(answer).toContainText('lease ends: 2031')
    await expect(answer.getByText('Assistant', { exact: true })).toBeVisible()
    const marker = answer.getByRole('link', { name: '[1]' })
    await expect(marker).toHaveAttribute('href', new RegExp(`^/documents/${leaseId}\\?chunk=\\d+#passage-\\d+$`))
    await expect(answer.getByText('Sources:')).toBeVisible()
    const source = answer.getByRole('link', { name: LEASE.title })
    await expect(source).toHaveAttribute('href', `/documents/${leaseId}`)
    await expect(source).toHaveAttribute('target', '_blank')
    await expect(answer.getByText(/^\(Relevance: \d{1,3}%\)$/)).toBeVisible()
    await expect(page.locator('.message-user').last()).toContainText('When does the factory lease in Dayton end?')
    // The marker opens the document at the cited passage, marked.
    const opened = page.context().waitForEvent('page')
    await marker.click()
    const passage = await opened
    await expect(passage.locator('mark.cited-passage')).toContainText('runs until 2031')
    await passage.close()

    // The conversation takes its first question as its title, and counts both messages.
    const current = sidebar(page).locator('a[aria-current="page"]')
    await expect(current).toContainText('When does the factory lea...')
    await expect(current).toContainText('2 messages')
    await page.reload()
    await expect(page.locator('.message-assistant').last()).toContainText('lease ends: 2031')
  })

  test('renames a conversation, and deleting it moves to another one', async ({ page, javaScriptEnabled }) => {
    await page.goto('/chat')
    await newConversation(page)
    await newConversation(page)
    const renamed = page.url()

    await page.getByRole('link', { name: 'Rename' }).click()
    const title = page.getByLabel('Conversation title')
    await title.fill('  Lease questions  ')
    await title.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Conversation renamed' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Lease questions')
    await expect(sidebar(page).locator('a[aria-current="page"]')).toContainText('Lease questions')

    if (javaScriptEnabled) {
      // Escape leaves the title as it was.
      await page.getByRole('link', { name: 'Rename' }).click()
      await page.getByLabel('Conversation title').fill('Something else')
      await page.getByLabel('Conversation title').press('Escape')
      await expect(page.getByRole('heading', { level: 2 })).toHaveText('Lease questions')
      await expect(page.getByRole('link', { name: 'Rename' })).toBeFocused()
    }

    await page.getByRole('link', { name: 'Delete' }).click()
    await expect(page.getByText('Are you sure you want to delete this conversation?')).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Conversation deleted' })).toBeVisible()
    await expect(page).toHaveURL(/\/chat\/\d+$/)
    expect(page.url()).not.toBe(renamed)
    await expect(sidebar(page).getByText('Lease questions')).toHaveCount(0)
  })

  test('shows markup and unsafe links in a message as inert text', async ({ page, javaScriptEnabled }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto('/chat')
    await newConversation(page)
    const hostile = '<script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3)) lease'
    await ask(page, javaScriptEnabled, hostile)
    const mine = page.locator('.message-user').last()
    await expect(mine).toContainText('<script>alert(1)</script>')
    await expect(mine.locator('img, script')).toHaveCount(0)
    const links = mine.getByRole('link', { name: 'x' })
    for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href'))))
      expect(href ?? '').not.toMatch(/^javascript:/i)
    await expect(page.locator('.message-assistant').last()).toBeVisible()
    expect(dialogs).toEqual([])
  })

  test('asks about one document from its page, in a conversation limited to it', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/documents/${leaseId}`)
    await page.getByRole('button', { name: 'Ask about this document' }).click()
    await expect(page).toHaveURL(/\/chat\/\d+$/)
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(`About ${LEASE.title}`)
    await ask(page, javaScriptEnabled, 'What renewal options are there?')
    const answer = page.locator('.message-assistant').last()
    await expect(answer).toContainText('two five-year renewal options')
    await expect(answer.locator('.message-sources a')).toHaveText([LEASE.title])
  })

  test('answers 404 for a conversation template that does not exist', async ({ page }) => {
    const response = await page.goto('/chat?template=template-99999999')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })

  test('answers an export that does not exist with the app’s 404 page, and a script with the text', async ({
    page,
  }) => {
    const response = await page.goto('/resources/chat/99999999/export?format=pdf')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    expect(page.url()).toMatch(/\/resources\/chat\/99999999\/export\?format=pdf$/)
    const plain = await page.request.get('/resources/chat/99999999/export?format=pdf', { headers: { Accept: '*/*' } })
    expect(plain.status()).toBe(404)
    expect(await plain.text()).toBe('Not found')
  })

  test('answers 404 for another user’s conversation', async ({ page }) => {
    await page.goto('/chat')
    await newConversation(page)
    const mine = page.url()
    await page.context().clearCookies()
    await signInAs(page, 'member', 'demo-password')
    const response = await page.goto(mine)
    expect(response?.status()).toBe(404)
  })
})

test('lists many conversations thirty at a time, older ones a link away, by keyboard', async ({ page }) => {
  const [owner] = (await createTeam('Many chats', ['member'])).users
  const { access } = await apiSignIn(owner!.username, owner!.password)
  for (let index = 1; index <= 32; index++)
    await api('POST', '/conversations/', { token: access, body: { title: `Buyer call ${index}` } })
  await signInAs(page, owner!.username, owner!.password, { to: '/chat' })
  const listed = sidebar(page).getByRole('listitem')
  await expect(listed).toHaveCount(30)
  await expect(listed.first()).toContainText('Buyer call 32')
  await expect(listed.last()).toContainText('Buyer call 3')
  await expect(sidebar(page).getByRole('link', { name: 'Most recent conversations' })).toHaveCount(0)

  await tabTo(page, sidebar(page).getByRole('link', { name: 'Older conversations' }))
  await page.keyboard.press('Enter')
  await expect(listed).toHaveCount(2)
  await expect(listed).toContainText(['Buyer call 2', 'Buyer call 1'])
  await expect(sidebar(page).getByRole('link', { name: 'Older conversations' })).toHaveCount(0)
  // A conversation opened from the older page keeps the page beside it, marked as the one open.
  await tabTo(page, listed.last().getByRole('link'))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Buyer call 1', exact: true })).toBeVisible()
  await expect(listed).toHaveCount(2)
  await expect(listed.last().getByRole('link')).toHaveAttribute('aria-current', 'page')
  await tabTo(page, sidebar(page).getByRole('link', { name: 'Most recent conversations' }))
  await page.keyboard.press('Enter')
  await expect(listed).toHaveCount(30)
  await expect(page.getByRole('heading', { name: 'Buyer call 1', exact: true })).toBeVisible()
})
