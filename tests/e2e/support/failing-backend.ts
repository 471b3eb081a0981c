import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

import { decodeJwt } from 'jose'

/**
 * A backend for a second web tier (`startServer({ API_URL: backend.url })`): it passes every call on
 * to the test run's real server, except the calls a test told it to fail or to hold. Pages then run
 * on real data and real sessions, and a test reaches their error texts by failing just one call.
 * Rules are per user (read from the call's access token), so tests with their own users never meet.
 */
export interface FailingBackend {
  url: string
  /**
   * Answers `status` (and `body`) to this user's calls that match, instead of passing them on: all
   * of them, or only the next one.
   */
  fail(
    userId: number,
    call: CallPattern,
    answer: { status: number; body?: unknown },
    options?: { once?: boolean },
  ): void
  /**
   * Answers this user's matching calls with `answer` until `lift()`, then passes them on again: a
   * page can be shown a state the real backend goes through too fast to catch (a document halfway
   * through OCR), and then the real one.
   */
  stub(userId: number, call: CallPattern, answer: { status: number; body?: unknown }): { lift(): void }
  /**
   * Holds this user's next matching call until `release()`, then passes it on: the page can be
   * looked at while it waits for the backend.
   */
  hold(userId: number, call: CallPattern): { release(): void }
  close(): Promise<void>
}

export interface CallPattern {
  method: string
  /** Matched against the path after /api, e.g. /^\/documents\/\d+\/$/. */
  path: RegExp
}

type Rule = CallPattern & { userId: number } & (
    { answer: { status: number; body?: unknown }; once: boolean } | { gate: Promise<void> }
  )

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']

/** The user id (`sub`) of a call's bearer token, without checking it: the real backend does. */
function callerOf(request: IncomingMessage) {
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
  if (!token) return undefined
  try {
    return Number(decodeJwt(token).sub)
  } catch {
    return undefined
  }
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })

export async function startFailingBackend(
  target = `http://localhost:${process.env.E2E_PORT}`,
): Promise<FailingBackend> {
  const rules: Rule[] = []

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request)
    const path = (request.url ?? '/').replace(/^\/api/, '').split('?')[0]!
    const caller = callerOf(request)
    const index = rules.findIndex(
      (rule) => rule.userId === caller && rule.method === request.method && rule.path.test(path),
    )
    const rule = rules[index]
    if (rule && 'answer' in rule) {
      if (rule.once) rules.splice(index, 1)
      response.writeHead(rule.answer.status, { 'content-type': 'application/json' })
      response.end(rule.answer.body === undefined ? '' : JSON.stringify(rule.answer.body))
      return
    }
    if (rule) {
      rules.splice(index, 1)
      await rule.gate
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_BY_HOP.includes(name))
        headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const answer = await fetch(new URL(request.url ?? '/', target), {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(body),
      redirect: 'manual',
    })
    const passed: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.includes(name)) passed[name] = value
    })
    response.writeHead(answer.status, passed)
    response.end(Buffer.from(await answer.arrayBuffer()))
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(502, { 'content-type': 'text/plain' })
      response.end(`The test backend could not pass the call on: ${String(error)}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    fail(userId, call, answer, { once = false } = {}) {
      rules.push({ ...call, userId, answer, once })
    },
    stub(userId, call, answer) {
      const rule: Rule = { ...call, userId, answer, once: false }
      rules.push(rule)
      return {
        lift() {
          const index = rules.indexOf(rule)
          if (index >= 0) rules.splice(index, 1)
        },
      }
    },
    hold(userId, call) {
      let release = () => {}
      const gate = new Promise<void>((resolve) => (release = resolve))
      rules.push({ ...call, userId, gate })
      return { release: () => release() }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The user id a session's access token names. */
export const userIdOf = (access: string) => Number(decodeJwt(access).sub)
