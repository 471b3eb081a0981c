// Runs once (the js-off project skips *.js-only specs): it posts to a server of its own and reads its log.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { type APIRequestContext, expect, request, test } from '@playwright/test'

import { api, apiSignIn } from './support/api'
import { DEMO_PASSWORD } from './support/fixtures'
import { loginFormFields } from './support/login-form'
import { type StartedServer, startServer } from './support/server'

interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  hasAction: boolean
}

/**
 * Every page and resource route of the built app, read from the route manifest Remix wrote for the
 * browser (`public/build/manifest-*.js`), so a new route is probed without editing this file. Its
 * address is its parents' paths and its own; an index route is posted to with `?index`, as its forms are.
 */
function builtRoutes() {
  const dir = path.resolve('public/build')
  const file = readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name))
  if (!file) throw new Error('no route manifest in public/build: run `npx remix build` first')
  const source = readFileSync(path.join(dir, file), 'utf8')
  const routes = (
    JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as {
      routes: Record<string, ManifestRoute>
    }
  ).routes
  const pathOf = (route: ManifestRoute): string =>
    [route.parentId ? pathOf(routes[route.parentId]!) : '', route.path ?? ''].filter(Boolean).join('/')
  return Object.values(routes)
    .filter((route) => route.path !== undefined || route.index)
    .map((route) => ({
      id: route.id,
      pattern: `/${pathOf(route)}`,
      index: Boolean(route.index),
      action: route.hasAction,
    }))
}

// The API's own fuzz test (tests/api/fuzz.test.ts) covers /api, which the server answers before Remix.
const routes = builtRoutes().filter((route) => !route.pattern.startsWith('/api'))

interface LogLine {
  level: number
  msg: string
  [field: string]: unknown
}

const ERROR = 50

/** The server's output so far, whole lines only (the last piece may be a line still being written). */
const outputLines = () => server.output().split('\n').slice(0, -1)
const logLines = () =>
  outputLines()
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)

/** What the server printed that is a server error: an error-level JSON line, or a stack trace outside one. */
const serverErrors = () => [
  ...logLines().filter((line) => line.level >= ERROR),
  ...outputLines().filter((line) => /^\s+at /.test(line)),
]

/** How many page posts the server has logged (its access line, written once the answer is made). */
const loggedPosts = () => logLines().filter((line) => line.msg === 'page request' && line.method === 'POST').length

// The review's reproduction: a section (and a meeting participant) far past the list's maximum.
const LIST_INDEX_ATTACK = 'name=&sections[0].title=x&sections[99999].title=y&participants[99999].name=y'
const FORM = 'application/x-www-form-urlencoded'

/** Bodies no page action may take for a form, each with its content type. */
const badBodies: Array<{ label: string; body: string; type?: string }> = [
  { label: 'a JSON body', body: '{"intent":"delete","id":1}', type: 'application/json' },
  { label: 'an empty body', body: '' },
  { label: 'a text/plain body', body: 'intent=delete', type: 'text/plain' },
  {
    label: 'a multipart body cut off before its closing boundary',
    body: '--XB\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete',
    type: 'multipart/form-data; boundary=XB',
  },
  { label: 'the list-index attack', body: LIST_INDEX_ATTACK, type: FORM },
]

let server: StartedServer
/** Values for the routes' parameters: ids of things that exist, or any token (none is read before the body). */
const params: Record<string, string> = { token: 'not-a-real-token' }

/** A browser session of `username` on the server: its cookie, and the Origin its pages post with. */
async function signedIn(username: string) {
  const context = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } })
  const html = await (await context.get('/login')).text()
  const response = await context.post('/login', {
    form: { ...loginFormFields(html), username, password: DEMO_PASSWORD },
    maxRedirects: 0,
  })
  expect(response.status(), `signing in as ${username}`).toBe(302)
  return context
}

async function post(context: APIRequestContext, url: string, body: string, type?: string) {
  return context.post(url, { data: body, headers: type ? { 'content-type': type } : {}, maxRedirects: 0 })
}

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' })
  const { access } = await apiSignIn('admin', DEMO_PASSWORD, server.url)
  const base = server.url
  const [template] = (
    await api<{ results: Array<{ id: string }> }>('GET', '/conversation-templates/', { base, token: access })
  ).results
  const [meeting] = (await api<{ results: Array<{ id: string }> }>('GET', '/meetings/', { base, token: access }))
    .results
  const conversation = await api<{ id: number }>('POST', '/conversations/', {
    base,
    token: access,
    body: { title: 'Probed' },
  })
  const upload = new FormData()
  upload.append('file', new Blob(['Exit plan.'], { type: 'text/plain' }), 'plan.txt')
  const document = (await (
    await fetch(`${base}/api/documents/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: upload,
    })
  ).json()) as { id: number }
  Object.assign(params, {
    templateId: template!.id,
    meetingId: meeting!.id,
    conversationId: String(conversation.id),
    documentId: String(document.id),
  })
})
test.afterAll(async () => {
  await server?.stop()
})

test.describe('finding 1a: a form list index past the schema maximum', () => {
  let analyst: APIRequestContext
  let anonymousContext: APIRequestContext
  test.beforeAll(async () => {
    analyst = await signedIn('analyst')
    anonymousContext = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } })
  })
  test.afterAll(async () => {
    await analyst?.dispose()
    await anonymousContext?.dispose()
  })
  const documentCount = async () => {
    const { access } = await apiSignIn('analyst', DEMO_PASSWORD, server.url)
    return (await api<{ count: number }>('GET', '/documents/', { base: server.url, token: access })).count
  }

  test('refuses the review’s template post with 400 and a message, and the server serves the next page', async () => {
    for (const body of [
      'name=&sections[0].title=x&sections[99999].title=y',
      'name=&sections[0].title=x&sections[4294967294].title=y',
    ]) {
      const response = await post(analyst, '/conversation-templates/new', body, FORM)
      expect(response.status(), body).toBe(400)
      expect(await response.text()).toContain('The form has a list longer than any form here accepts (1000 items)')
    }
    expect((await analyst.get('/conversation-templates')).status()).toBe(200)
  })

  test('refuses a meeting participant far past the list the same way', async () => {
    const response = await post(analyst, '/transcriptions/new', 'title=Kick-off&participants[99999].name=y', FORM)
    expect(response.status()).toBe(400)
    expect(await response.text()).toContain('The form has a list longer than any form here accepts')
  })

  test('refuses add, remove and set requests whose positions are past the list, showing the form again', async () => {
    const fields = 'name=Plan&phaseId=phase-1&sections[0].title=Opening&sections[0].timeAllocation=10'
    for (const intent of [
      { type: 'update', payload: { name: 'sections', index: 99_999, value: { title: 'y' } } },
      { type: 'remove', payload: { name: 'sections[4294967294].suggestedQuestions', index: 0 } },
      { type: 'insert', payload: { name: 'sections', index: 4_294_967_294 } },
    ]) {
      const body = `${fields}&__intent__=${encodeURIComponent(JSON.stringify(intent))}`
      const response = await post(analyst, '/conversation-templates/new', body, FORM)
      expect(response.status(), intent.type).toBe(400)
      const page = await response.text()
      expect(page).toContain('The form sent more than the 30 items a list here accepts, so nothing was saved')
      // The form is shown again with the one section it had.
      expect(page).toContain('value="Opening"')
    }
  })

  test('refuses a field repeated 40,000 times, even on the sign-in page, without a long pause', async () => {
    const anonymous = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } })
    const fields = new URLSearchParams(loginFormFields(await (await anonymous.get('/login')).text()))
    for (let n = 0; n < 40_000; n++) fields.append('username', 'a')
    const response = await post(anonymous, '/login', fields.toString(), FORM)
    expect(response.status()).toBe(400)
    await anonymous.dispose()
  })

  test('refuses a form body past 4 MB with 413, without reading it into memory', async () => {
    const body = `name=${'x'.repeat(5 * 2 ** 20)}`
    for (const page of ['/conversation-templates/new', '/login']) {
      const response = await post(page === '/login' ? anonymousContext : analyst, page, body, FORM)
      expect(response.status(), page).toBe(413)
      expect(await response.text()).toContain('The form is larger than any form here sends (4 MB)')
    }
  })

  test('refuses a batch upload of more files than MAX_BATCH_FILES before staging the rest', async () => {
    const body = new FormData()
    body.append('intent', 'upload-batch')
    for (let n = 0; n <= 20; n++)
      body.append('files', new Blob([`Note ${n}.`], { type: 'text/plain' }), `note-${n}.txt`)
    const before = await documentCount()
    const response = await analyst.fetch('/documents?upload=true&mode=batch', {
      method: 'POST',
      multipart: body,
      maxRedirects: 0,
    })
    // The form again, the refusal on its file field.
    expect(response.status()).toBe(400)
    expect(await response.text()).toMatch(/id="[^"]*-files-error"[^>]*><li>Upload at most 20 files at a time\.<\/li>/)
    expect(await documentCount()).toBe(before)
  })

  test('still saves a template of two sections', async () => {
    const body = new URLSearchParams({
      name: 'Two-part review',
      phaseId: 'phase-2',
      'sections[0].title': 'Numbers',
      'sections[0].timeAllocation': '20',
      'sections[0].suggestedQuestions[0]': 'What drives margin?',
      'sections[1].title': 'Next steps',
      'sections[1].timeAllocation': '10',
    })
    const response = await post(analyst, '/conversation-templates/new', body.toString(), FORM)
    expect(response.status()).toBe(302)
    const location = response.headers().location!
    expect(await (await analyst.get(location)).text()).toContain('Template created')
    const { access } = await apiSignIn('analyst', DEMO_PASSWORD, server.url)
    const saved = await api<{ name: string; estimatedDuration: number; sections: Array<{ title: string }> }>(
      'GET',
      `/conversation-templates/${location.split('/').at(-1)}/`,
      { base: server.url, token: access },
    )
    expect(saved).toMatchObject({ name: 'Two-part review', estimatedDuration: 30 })
    expect(saved.sections.map((section) => section.title)).toEqual(['Numbers', 'Next steps'])
  })
})

test.describe('finding 8: every page route, sent bodies that are not its forms', () => {
  test('covers the page routes with an action, read from the built manifest', () => {
    const withActions = routes.filter((route) => route.action).map((route) => route.pattern)
    expect(withActions.length).toBeGreaterThan(20)
    expect(withActions).toEqual(expect.arrayContaining(['/conversation-templates/new', '/chat/:conversationId']))
  })

  test('answers 400, 405 or 415 (404 where no page is), never 500, and logs no server error', async () => {
    test.setTimeout(120_000)
    const admin = await signedIn('admin')
    const postsBefore = loggedPosts()
    const failures: string[] = []
    for (const route of routes) {
      const address = route.pattern
        .replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? 'x'))
        .replace('*', 'no-such-page')
      const url = `${address}${route.index ? '?index' : ''}`
      // A route without an action has nothing to post to; the catch-all is a page that is not there.
      const expected = route.pattern.endsWith('*') ? [404] : route.action ? [400, 415] : [405]
      for (const { label, body, type } of badBodies) {
        const response = await post(admin, url, body, type)
        if (!expected.includes(response.status())) failures.push(`POST ${url} with ${label}: ${response.status()}`)
      }
    }
    await admin.dispose()
    expect(failures).toEqual([])
    // The log is written asynchronously: its last lines may arrive after the answers.
    await expect.poll(loggedPosts).toBeGreaterThanOrEqual(postsBefore + routes.length * badBodies.length)
    expect(serverErrors()).toEqual([])
  })
})
