import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { completionPieces, type CompletionServer } from '../../api/ai/answers/completion-stream'
import { describeFailure } from '../../api/ai/openai-failures'
import { serveCompletions } from '../api/support/completions-endpoint'

type Handler = (response: ServerResponse) => void

// Answers POST /v1/chat/completions only (anything else is a 404).
let endpoint: Awaited<ReturnType<typeof serveCompletions>>
let handlers: Handler[]
let calls: Array<{ authorization?: string; body: unknown; closed: Promise<void> }>

const event = (content: string) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`

const streaming =
  (...texts: string[]): Handler =>
  (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.end(texts.join(''))
  }

const refusing =
  (status: number, body: string, headers: Record<string, string> = {}): Handler =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers })
    response.end(body)
  }

const at = (): CompletionServer => ({
  baseURL: `${endpoint.baseUrl}/`,
  apiKey: 'sk-test',
  timeoutMs: 2_000,
  maxRetries: 1,
})

async function collect(options: CompletionServer = at(), signal = new AbortController().signal) {
  const pieces: string[] = []
  try {
    for await (const piece of completionPieces(options, { model: 'm', stream: true, messages: [] }, signal))
      pieces.push(piece)
    return { pieces }
  } catch (error) {
    return { pieces, error, described: describeFailure(error) }
  }
}

beforeAll(async () => {
  endpoint = await serveCompletions((body, response, request) => {
    calls.push({
      authorization: request.headers.authorization,
      body,
      closed: new Promise((resolve) => response.on('close', resolve)),
    })
    ;(handlers.shift() ?? refusing(500, '{"error":{"message":"no handler"}}'))(response)
  })
})

afterAll(() => endpoint.close())

beforeEach(() => {
  handlers = []
  calls = []
})

describe('a streamed chat completion', () => {
  it('gives each piece of content in order until [DONE]', async () => {
    handlers.push(
      streaming(event('The lease'), ': a comment\n\n', event(' runs until 2031'), 'data: [DONE]\n\n', event('after')),
    )
    expect(await collect()).toEqual({ pieces: ['The lease', ' runs until 2031'] })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.authorization).toBe('Bearer sk-test')
    expect(calls[0]!.body).toEqual({ model: 'm', stream: true, messages: [] })
  })

  it('asks again once after a 503, waiting as long as the server says, and not after a 400', async () => {
    handlers.push(refusing(503, '{"error":{"message":"busy"}}', { 'retry-after-ms': '5' }), streaming(event('ok')))
    expect(await collect()).toEqual({ pieces: ['ok'] })
    expect(calls).toHaveLength(2)

    handlers.push(refusing(400, '{"error":{"message":"bad model"}}'), streaming(event('never')))
    const refused = await collect()
    expect(refused.described).toBe('answered HTTP 400: bad model')
    expect(calls).toHaveLength(3)
  })

  it('gives up after its retries with the last refusal, its text when it is not JSON', async () => {
    handlers.push(refusing(500, 'down', { 'retry-after-ms': '1' }), refusing(502, 'proxy down'))
    expect((await collect()).described).toBe('answered HTTP 502: proxy down')
    expect(calls).toHaveLength(2)
  })

  it('ends with the error a server sends in its stream, after the pieces before it', async () => {
    handlers.push(streaming(event('The lease'), `data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`))
    const answer = await collect()
    expect(answer.pieces).toEqual(['The lease'])
    expect(answer.described).toBe('sent an error in its stream: overloaded')
  })

  it('fails on an event that is not JSON, and on one larger than any completion sends', async () => {
    handlers.push(streaming(event('a'), 'data: {not json\n\n'))
    const malformed = await collect()
    expect(malformed.pieces).toEqual(['a'])
    expect(malformed.described).toMatch(/^sent a malformed answer \(not JSON\)/)

    handlers.push(streaming(`data: ${'x'.repeat(2 << 20)}`))
    expect((await collect()).error).toMatchObject({ type: 'max-buffer-size-exceeded' })
  })

  it('says when the server cannot be reached or does not answer in time', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const unreachable = await collect({ ...at(), baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 })
    expect(unreachable.described).toBe('could not be reached (ECONNREFUSED)')

    handlers.push(() => undefined)
    const silent = await collect({ ...at(), timeoutMs: 50, maxRetries: 0 })
    expect(silent.described).toBe('no answer in time (request timed out)')
  })

  it('closes the request when the caller aborts or stops reading', async () => {
    handlers.push((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(event('The lease'))
    })
    const controller = new AbortController()
    const pieces = completionPieces(at(), {}, controller.signal)
    expect((await pieces.next()).value).toBe('The lease')
    const next = pieces.next()
    controller.abort()
    await expect(next).rejects.toThrow()
    await calls[0]!.closed

    handlers.push((response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write(event('one') + event('two'))
    })
    for await (const piece of completionPieces(at(), {}, new AbortController().signal)) {
      expect(piece).toBe('one')
      break
    }
    await calls[1]!.closed
  })
})
