import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { createParser } from 'eventsource-parser'

import { percentile } from '../eval/metrics'
import {
  apiToken,
  freePort,
  ORGANIZATION,
  PASSWORD,
  seedDocuments,
  SERVER_ARGS,
  sessionCookie,
  start,
  stop,
  waitFor,
} from './app-process'

/** When answers asked together began to come, through the web relay and straight from the API. */
export interface AnswerTimes {
  /** Streams through the web relay that ended with the saved message. */
  completed: number
  relayFirstChunk: { p50: number; p95: number }
  directFirstChunk: { p50: number; p95: number }
  relayTotal: { p50: number; p95: number }
}

export interface StreamRow extends AnswerTimes {
  concurrent: number
  dropped: number
}

/**
 * A model server for the benchmark: an OpenAI-compatible chat completions stream of `pieces`
 * pieces, `gapMs` apart, as a model writes at some tokens per second. The gap is the model's
 * pace being imitated, so that many answers are in flight at once; the app adds none.
 */
export async function pacedModel(pieces: number, gapMs: number) {
  const open = new Set<ServerResponse>()
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      open.add(response)
      response.on('close', () => open.delete(response))
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      let sent = 0
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'bench', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
      const timer = setInterval(() => {
        if (response.destroyed) return clearInterval(timer)
        if (sent < pieces) {
          response.write(chunk({ content: sent === pieces - 1 ? ' runs until 2031 [1].' : ' The lease' }, null))
          sent++
          return
        }
        clearInterval(timer)
        response.end(`${chunk({}, 'stop')}data: [DONE]\n\n`)
      }, gapMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Our server in production on `port` and `dataDir`, answering questions from `model` (`pacedModel`). */
export const answeringFrom = (model: { url: string }, port: number, dataDir: string) => ({
  NODE_ENV: 'production',
  PORT: String(port),
  DATA_DIR: dataDir,
  DEMO_PASSWORD: PASSWORD,
  ANSWER_PROVIDER: 'openai',
  LLM_BASE_URL: model.url,
  LLM_MODEL: 'bench-model',
})

/** Reads one answer stream to its end: when its first chunk came, and whether the final message did. */
export async function readAnswer(response: Response, started: number) {
  let firstChunkMs = Number.NaN
  let completed = false
  const parser = createParser({
    onEvent(event) {
      const data = JSON.parse(event.data) as { type: string }
      if (data.type === 'chunk' && Number.isNaN(firstChunkMs)) firstChunkMs = performance.now() - started
      if (data.type === 'metadata') completed = true
    },
  })
  if (!response.ok || !response.body) return { completed: false, firstChunkMs, totalMs: performance.now() - started }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(read.value)
  } catch {
    completed = false
  }
  return { completed, firstChunkMs, totalMs: performance.now() - started }
}

export const spread = (values: number[]) => {
  const known = values.filter((value) => Number.isFinite(value))
  return { p50: percentile(known, 50), p95: percentile(known, 95) }
}

/** Asks in a conversation as a signed-in browser does: the chat page's form, to the web relay. */
export async function askThroughRelay(base: string, cookie: string, conversation: number, question: string) {
  // What the chat page sends (app/components/chat/use-answer-stream.ts).
  const body = new URLSearchParams({ content: question })
  const started = performance.now()
  const response = await fetch(`${base}/resources/chat/${conversation}/stream`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body,
  }).catch(() => new Response(null, { status: 599 }))
  return readAnswer(response, started)
}

/** Asks in a conversation straight from the API, with a bearer token and an organization. */
export async function askApi(base: string, api: Record<string, string>, conversation: number, question: string) {
  const started = performance.now()
  const response = await fetch(`${base}/api/conversations/${conversation}/add_message_streaming/?stream=true`, {
    method: 'POST',
    headers: { ...api, 'content-type': 'application/json' },
    body: JSON.stringify({ content: question }),
  }).catch(() => new Response(null, { status: 599 }))
  return readAnswer(response, started)
}

/**
 * Concurrent chat answers through the web relay route (a signed-in browser's path) and straight
 * from the API, against a paced model server: how many relay streams end with the saved message,
 * and the time to the first chunk either way.
 */
export async function measureStreams({
  counts = [50, 100, 200, 300],
  pieces = 20,
  gapMs = 50,
}: { counts?: number[]; pieces?: number; gapMs?: number } = {}): Promise<StreamRow[]> {
  const model = await pacedModel(pieces, gapMs)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-bench-streams-'))
  const port = await freePort()
  const ours = start(process.execPath, SERVER_ARGS, {
    ...answeringFrom(model, port, dataDir),
    // The bench asks hundreds of questions at once as one user: what it measures is past the chat limits.
    CHAT_QUESTIONS_PER_MINUTE_PER_USER: '1000000',
    CHAT_QUESTIONS_PER_MINUTE_PER_ORGANIZATION: '1000000',
    CHAT_ANSWERS_AT_ONCE_PER_USER: '1000000',
    CHAT_ANSWERS_AT_ONCE_PER_ORGANIZATION: '1000000',
  })
  const base = `http://localhost:${port}`
  try {
    await waitFor(`${base}/login`, ours.child, ours.output)
    await seedDocuments(base, ['The factory lease in Dayton runs until 2031 with two five-year renewal options.'])
    const conversations = async (count: number, api: Record<string, string>) => {
      const ids: number[] = []
      for (let index = 0; index < count; index++) {
        const response = await fetch(`${base}/api/conversations/`, {
          method: 'POST',
          headers: { ...api, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Bench ${index}` }),
        })
        ids.push(((await response.json()) as { id: number }).id)
      }
      return ids
    }
    const rows: StreamRow[] = []
    for (const count of counts) {
      // Access tokens live five minutes: each round signs in again.
      const [cookie, access] = await Promise.all([sessionCookie(base), apiToken(base, 'admin')])
      const api = { authorization: `Bearer ${access}`, 'x-organization': ORGANIZATION }
      const relayIds = await conversations(count, api)
      const question = 'When does the lease end?'
      const relay = await Promise.all(relayIds.map((id) => askThroughRelay(base, cookie, id, question)))
      const directIds = await conversations(count, api)
      const direct = await Promise.all(directIds.map((id) => askApi(base, api, id, question)))
      const completed = relay.filter((answer) => answer.completed).length
      rows.push({
        concurrent: count,
        completed,
        dropped: count - completed,
        relayFirstChunk: spread(relay.map((answer) => answer.firstChunkMs)),
        directFirstChunk: spread(direct.map((answer) => answer.firstChunkMs)),
        relayTotal: spread(relay.map((answer) => answer.totalMs)),
      })
    }
    return rows
  } finally {
    await stop(ours.child)
    await model.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
