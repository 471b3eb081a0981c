import http from 'node:http'

import { sessionCookie } from '../e2e/support/login-form'

/**
 * Issue 43's findings 1-4 as any member can send them, against a running server, and another
 * user's requests beside them: the browser test (tests/e2e/heavy-requests.js-only.spec.ts) asserts
 * that nobody's request fails and no web process is killed, the bench (`--only=abuse`) measures
 * that user's latencies. Each finding's shape is the review's.
 */

const MAX_MESSAGE = 8_000
const MAX_TASK_TITLE = 500
const MAX_TASKS = 500
const MAX_CHECKLIST_TITLE = 200
const CUSTOM_ITEMS = 100
const DOCUMENTS = 25
const DOCUMENT_CHARS = 20_000

/** Finding 1: a 20-column table whose only body cell is a 7,800-character word. */
export const LONG_CELL_TABLE = [`|${'c|'.repeat(20)}`, `|${'-|'.repeat(20)}`, `|${'x'.repeat(7_800)}|`].join('\n')

/** Finding 2: 1,000 header columns and 1,998 one-cell rows, which a renderer pads to 2 million cells. */
export const MANY_COLUMNS_TABLE = [
  Array.from({ length: 1_000 }, () => 'a').join('|'),
  Array.from({ length: 1_000 }, () => '-').join('|'),
  ...Array.from({ length: 1_998 }, () => 'a'),
].join('\n')

/**
 * After finding 2: a message of 8,000 characters of short blocks costs the Markdown parser up to
 * half a second, and a conversation page draws every message.
 */
export const SHORT_BLOCKS = '- a\n'.repeat(MAX_MESSAGE / 4)
const LONG_CONVERSATION = 10

/** Finding 3: custom items of one repeated word, each a different phrase that runs long before it differs. */
export const REPEATED_WORD_ITEMS = Array.from({ length: CUSTOM_ITEMS }, (_, index) =>
  index === 0
    ? 'lease '.repeat(Math.floor(MAX_CHECKLIST_TITLE / 6)).trim()
    : `${'lease '.repeat(5 + (index % 25))}${'deed '.repeat(1 + Math.floor(index / 25))}`.trim(),
)
const REPEATED_WORD_TEXT = 'lease '.repeat(Math.floor(DOCUMENT_CHARS / 6))

if (LONG_CELL_TABLE.length > MAX_MESSAGE || MANY_COLUMNS_TABLE.length > MAX_MESSAGE)
  throw new Error('A replayed message must be one a member can send')

export interface Answer {
  path: string
  /** The status, or why there was none. */
  outcome: number | string
  ms: number
}

/**
 * One request on a connection of its own (a new visitor's, handed to whichever web process is
 * next), its answer read in full within `timeoutMs`.
 */
export function ask(
  base: string,
  path: string,
  { headers = {}, timeoutMs = 20_000 }: { headers?: Record<string, string>; timeoutMs?: number } = {},
) {
  const started = performance.now()
  return new Promise<Answer>((resolve) => {
    const done = (outcome: number | string) => resolve({ path, outcome, ms: performance.now() - started })
    const failed = (error: Error) =>
      done(error.name === 'AbortError' ? `no answer within ${timeoutMs / 1000} s` : error.message)
    const request = http.get(
      `${base}${path}`,
      { agent: false, headers, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        response.resume()
        response.on('error', failed)
        response.on('end', () => done(response.statusCode ?? 0))
      },
    )
    request.on('error', failed)
  })
}

async function call<T>(base: string, method: string, route: string, token: string, body?: unknown, org?: string) {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(org ? { 'x-organization': org } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

export async function accessToken(base: string, username: string, password: string) {
  const { access } = await call<{ access: string }>(base, 'POST', '/token/obtain/', '', { username, password })
  return access
}

export interface Attack {
  finding: string
  /** The requests one round sends at once, each on its own connection. */
  paths: string[]
  headers: Record<string, string>
}

/**
 * Sets the findings up as a member with an organization of their own would: two conversations with
 * the review's tables (in the member's organization, where its chat page shows them), an
 * organization of their own holding the review's checklist items and documents and 500 tasks of the
 * longest title. Answers the requests that replay each finding.
 */
export async function prepareAttacks(
  base: string,
  { username, password, organization }: { username: string; password: string; organization: string },
): Promise<Attack[]> {
  const token = await accessToken(base, username, password)
  const cookie = await sessionCookie(base, username, password)
  const conversation = async (content: string) => {
    const { id } = await call<{ id: number }>(base, 'POST', '/conversations/', token, { title: 'Tables' }, organization)
    await call(base, 'POST', `/conversations/${id}/add_message/`, token, { content }, organization)
    return id
  }
  const longCell = await conversation(LONG_CELL_TABLE)
  const manyColumns = await conversation(MANY_COLUMNS_TABLE)
  const longConversation = await conversation(SHORT_BLOCKS)
  for (let message = 1; message < LONG_CONVERSATION; message++)
    await call(
      base,
      'POST',
      `/conversations/${longConversation}/add_message/`,
      token,
      { content: SHORT_BLOCKS },
      organization,
    )

  const { slug } = await call<{ slug: string }>(base, 'POST', '/organizations/', token, { name: 'Replay Holdings' })
  const own = (method: string, route: string, body?: unknown) => call(base, method, route, token, body, slug)
  for (const title of REPEATED_WORD_ITEMS) await own('POST', '/checklist/items/', { title, section: 'Legal' })
  const documents = await Promise.all(
    Array.from({ length: DOCUMENTS }, async (_, index) => {
      const body = new FormData()
      body.append('file', new Blob([REPEATED_WORD_TEXT], { type: 'text/plain' }), `lease notes ${index + 1}.txt`)
      const response = await fetch(`${base}/api/documents/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-organization': slug },
        body,
      })
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`)
      return ((await response.json()) as { id: number }).id
    }),
  )
  const title = (index: number) => `${index} ${'t'.repeat(MAX_TASK_TITLE)}`.slice(0, MAX_TASK_TITLE)
  for (let start = 0; start < MAX_TASKS; start += 25)
    await Promise.all(
      Array.from({ length: 25 }, (_, offset) => own('POST', '/actions/', { title: title(start + offset) })),
    )
  for (const id of documents) {
    for (;;) {
      const document = await own('GET', `/documents/${id}/`)
      const status = (document as { processing_status: string }).processing_status
      if (status === 'processed') break
      if (status === 'failed') throw new Error(`document ${id} failed`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  const api = { authorization: `Bearer ${token}` }
  return [
    {
      finding: '1: a long cell exported to PDF',
      paths: [`/api/conversations/${longCell}/export/?format=pdf`],
      headers: { ...api, 'x-organization': organization },
    },
    {
      finding: '2: a table of many columns, its page and exports',
      paths: [
        `/chat/${manyColumns}`,
        `/api/conversations/${manyColumns}/export/?format=pdf`,
        `/api/conversations/${manyColumns}/export/?format=docx`,
      ],
      headers: { cookie, ...api, 'x-organization': organization },
    },
    {
      finding: '2: a conversation of ten messages of short blocks, its page',
      paths: [`/chat/${longConversation}`],
      headers: { cookie },
    },
    {
      finding: '3: checklist matching at its limits',
      paths: ['/api/checklist/', '/api/actions/', '/api/checklist/'],
      headers: { ...api, 'x-organization': slug },
    },
    {
      finding: '4: the readiness report at the input limits, four at once',
      paths: Array.from({ length: 4 }, (_, index) => `/api/readiness/report/?format=${index % 2 ? 'docx' : 'pdf'}`),
      headers: { ...api, 'x-organization': slug },
    },
  ]
}

/** Sends each attack's round, one attack after another, `rounds` times. */
export async function replay(base: string, attacks: Attack[], rounds: number) {
  const answers: Array<Answer & { finding: string }> = []
  for (let round = 0; round < rounds; round++)
    for (const attack of attacks) {
      const sent = await Promise.all(
        attack.paths.map((path) =>
          ask(base, path, { headers: path.startsWith('/api/') ? withoutCookie(attack.headers) : attack.headers }),
        ),
      )
      answers.push(...sent.map((answer) => ({ ...answer, finding: attack.finding })))
    }
  return answers
}

const withoutCookie = ({ cookie: _cookie, ...headers }: Record<string, string>) => headers

/**
 * Another user, polling /api/health/ and their dashboard every `everyMs` on new connections until
 * stopped; answers each request's outcome and time.
 */
export function pollAsAnotherUser(base: string, cookie: string, everyMs = 250) {
  const answers: Answer[] = []
  const pending = new Set<Promise<void>>()
  const timer = setInterval(() => {
    for (const [path, headers] of [
      ['/api/health/', {}],
      ['/dashboard', { cookie }],
    ] as const) {
      const request = ask(base, path, { headers }).then((answer) => {
        answers.push(answer)
        pending.delete(request)
      })
      pending.add(request)
    }
  }, everyMs)
  return {
    async stop() {
      clearInterval(timer)
      await Promise.all(pending)
      return answers
    },
  }
}

/** The q-quantile of the answers' times, in milliseconds. */
export function quantile(answers: Answer[], q: number) {
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0
}

/** The server's lines saying a web process was killed. */
export const killLines = (output: string) =>
  output.split('\n').filter((line) => /did not answer for .* and was killed/.test(line))
