import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, type Page, test } from '@playwright/test'

import { api, apiSignIn, createTeam } from './support/api'
import { uploadDocument } from './support/documents'
import { DEMO_PASSWORD, signInAs } from './support/fixtures'
import { type StartedServer, startServer } from './support/server'

const CUT_OFF = 'The upload was cut off or is not a valid form submission. Please try again.'
// The review's reproduction: the body ends inside the file, with no closing boundary.
const TRUNCATED = '--XB\r\nContent-Disposition: form-data; name="file"; filename="t.txt"\r\n\r\nhello'
const MULTIPART = { 'content-type': 'multipart/form-data; boundary=XB' }

/** The files under `folder`, at any depth (the staging folders themselves stay, empty). */
const filesIn = (folder: string) => {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
  } catch {
    return []
  }
}

test.describe('a malformed upload through the web upload forms', () => {
  // A server of its own, with its own temporary folder: other tests' uploads pass through the shared one.
  let server: StartedServer
  let temporary: string
  // Each upload is staged in a folder of its own under DATA_DIR/uploads (decision 048), removed with
  // its files; nothing goes to the temporary folder.
  const staged = () => [...filesIn(path.join(server.dataDir, 'uploads')), ...filesIn(temporary)]
  const incoming = () => filesIn(path.join(server.dataDir, 'files', 'incoming'))

  // One worker runs these tests in turn, so what beforeAll starts is started once, not once per worker.
  test.describe.configure({ mode: 'default' })
  test.beforeAll(async () => {
    temporary = mkdtempSync(path.join(tmpdir(), 'exit-planner-tmp-'))
    server = await startServer({ TMPDIR: temporary })
  })
  test.afterAll(async () => {
    await server.stop()
    rmSync(temporary, { recursive: true, force: true })
  })

  async function expectStillServing(page: Page) {
    await page.goto(`${server.url}/documents`)
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible()
  }

  test('answers 400 with the message on the upload form, keeps serving, and leaves no file behind', async ({
    page,
  }) => {
    await signInAs(page, 'analyst', DEMO_PASSWORD, { base: server.url })
    const response = await page.request.post(`${server.url}/documents?upload=true`, {
      headers: MULTIPART,
      data: Buffer.from(TRUNCATED),
    })
    expect(response.status()).toBe(400)
    expect(await response.text()).toContain(CUT_OFF)
    await expectStillServing(page)
    expect(staged()).toEqual([])
    expect(incoming()).toEqual([])
  })

  test('removes the part of a large file it had already staged', async ({ page }) => {
    await signInAs(page, 'analyst', DEMO_PASSWORD, { base: server.url })
    const large = Buffer.from(`${TRUNCATED}${'a'.repeat(3 * 1024 * 1024)}`)
    const response = await page.request.post(`${server.url}/documents?upload=true`, { headers: MULTIPART, data: large })
    expect(response.status()).toBe(400)
    expect(await response.text()).toContain(CUT_OFF)
    expect(staged()).toEqual([])
    await expectStillServing(page)
  })

  test('answers 400 with the message to a new version cut off on the document page', async ({ page }) => {
    const { access } = await apiSignIn('analyst', DEMO_PASSWORD, server.url)
    const body = new FormData()
    body.append('file', new Blob(['Board minutes.'], { type: 'text/plain' }), 'minutes.txt')
    const created = await fetch(`${server.url}/api/documents/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body,
    })
    const { id } = (await created.json()) as { id: number }

    await signInAs(page, 'analyst', DEMO_PASSWORD, { base: server.url })
    const response = await page.request.post(`${server.url}/documents/${id}?tab=versions`, {
      headers: MULTIPART,
      data: Buffer.from(TRUNCATED),
    })
    expect(response.status()).toBe(400)
    expect(await response.text()).toContain(CUT_OFF)
    expect(staged()).toEqual([])
    const versions = await api<unknown[]>('GET', `/documents/${id}/versions/`, { token: access, base: server.url })
    expect(versions).toHaveLength(1)
  })
})

test.describe("another organization's document page", () => {
  test('answers 404 to every intent an outsider posts, and changes nothing', async ({ page }) => {
    const demoAdmin = {
      username: 'admin',
      email: 'admin@demo.example.com',
      password: DEMO_PASSWORD,
      role: 'admin' as const,
    }
    const document = await uploadDocument(demoAdmin, 'demo-advisory-group', {
      title: 'Demo valuation',
      name: 'valuation.txt',
      content: 'Valuation of 9.5x EBITDA.',
    })
    // An admin of an organization of their own, who has never belonged to the demo organization.
    const { users } = await createTeam('Outsiders', ['admin'])
    await signInAs(page, users[0]!.username, users[0]!.password)

    const intents: Array<Record<string, string>> = [
      { intent: 'save-metadata', title: 'Taken over', category: 'Legal' },
      { intent: 'add-tag', tag: 'mine' },
      { intent: 'remove-tag', tag: 'exit' },
      { intent: 'restore', version_id: '1' },
      { intent: 'reprocess' },
      { intent: 'no-such-intent' },
    ]
    for (const form of intents) {
      const response = await page.request.post(`/documents/${document.id}`, { form })
      expect(response.status(), form.intent).toBe(404)
      expect(await response.text()).toContain('Document not found')
    }
    const upload = await page.request.post(`/documents/${document.id}`, {
      multipart: { file: { name: 'takeover.txt', mimeType: 'text/plain', buffer: Buffer.from('Mine now.') } },
    })
    expect(upload.status()).toBe(404)

    const { access } = await apiSignIn('admin', DEMO_PASSWORD)
    const stored = await api<{ title: string; tags: string[] }>('GET', `/documents/${document.id}/`, { token: access })
    expect(stored).toMatchObject({ title: 'Demo valuation', tags: [] })
    expect(await api<unknown[]>('GET', `/documents/${document.id}/versions/`, { token: access })).toHaveLength(1)
  })
})
