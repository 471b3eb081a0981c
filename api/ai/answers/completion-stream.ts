import { setTimeout as sleep } from 'node:timers/promises'

import { createParser } from 'eventsource-parser'
import { request } from 'undici'

import { ModelServerStatusError, ModelStreamError } from '../openai-failures'

export interface CompletionServer {
  baseURL: string
  apiKey: string | undefined
  /** Until the answer's headers, and between two pieces of its stream. */
  timeoutMs: number
  maxRetries: number
}

// One event of a chat completion is a few hundred characters; a server that sends megabytes in one
// is broken, and the parser would otherwise hold them all.
const MAX_EVENT_CHARS = 1 << 20
const MAX_ERROR_BODY_BYTES = 64 * 1024
// As the OpenAI SDK: statuses worth asking again, and its backoff (0.5 s doubling to 8 s, jittered).
const RETRIED_STATUSES = new Set([408, 409, 429])
const MAX_RETRY_AFTER_MS = 60_000

/**
 * The pieces of a streamed chat completion (`POST {baseURL}/chat/completions` with `stream: true`):
 * each choice's `delta.content` in order. Read with undici's `request` and an SSE parser rather than
 * the OpenAI SDK's fetch and stream classes, which cost two to three times the CPU (decision 089).
 * A failure before the stream starts is asked again as the SDK asks it (connection errors, 408, 409,
 * 429, 5xx); once a piece was given, a failure ends the answer. Past `[DONE]` the body is read to its
 * end, its events ignored, as the SDK reads it, so that its connection goes back to the pool.
 */
export async function* completionPieces(
  server: CompletionServer,
  body: object,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const stream = await streamOf(server, JSON.stringify(body), signal)
  const pieces: string[] = []
  let done = false
  let failure: Error | undefined
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent({ data }) {
      if (done || failure) return
      if (data === '[DONE]') {
        done = true
        return
      }
      let part: { error?: unknown; choices?: Array<{ delta?: { content?: unknown } }> } | null
      try {
        part = JSON.parse(data) as typeof part
      } catch (error) {
        failure = error as SyntaxError
        return
      }
      if (part?.error) failure = new ModelStreamError(part.error)
      const content = part?.choices?.[0]?.delta?.content
      if (typeof content === 'string' && content) pieces.push(content)
    },
    onError(error) {
      failure ??= error
    },
  })
  try {
    stream.setEncoding('utf8')
    for await (const text of stream as AsyncIterable<string>) {
      parser.feed(text)
      yield* pieces.splice(0)
      if (failure) throw failure
    }
  } finally {
    stream.destroy()
  }
}

async function streamOf(
  { baseURL, apiKey, timeoutMs, maxRetries }: CompletionServer,
  body: string,
  signal: AbortSignal,
) {
  const url = `${baseURL.replace(/\/$/, '')}/chat/completions`
  for (let retries = 0; ; retries++) {
    let retryAfterMs: number | undefined
    try {
      const response = await request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${apiKey ?? 'not-needed'}`,
        },
        body,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      })
      if (response.statusCode >= 200 && response.statusCode < 300) return response.body
      const failure = new ModelServerStatusError(response.statusCode, await errorOf(response.body))
      if (retries >= maxRetries || !retriedStatus(response.statusCode)) throw failure
      retryAfterMs = retryAfter(response.headers)
    } catch (error) {
      if (signal.aborted || error instanceof ModelServerStatusError || retries >= maxRetries) throw error
    }
    await sleep(retryDelayMs(retries, retryAfterMs), undefined, { signal })
  }
}

const retriedStatus = (status: number) => RETRIED_STATUSES.has(status) || status >= 500

/** How long the server asks to be left (`retry-after-ms`, or `retry-after` in seconds or as a date). */
function retryAfter(headers: Record<string, string | string[] | undefined>) {
  const first = (name: string) => [headers[name]].flat()[0]
  const ms = first('retry-after-ms')
  if (ms !== undefined && Number.isFinite(Number(ms))) return Number(ms)
  const after = first('retry-after')
  if (after === undefined) return undefined
  const seconds = Number(after)
  return Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now()
}

function retryDelayMs(retries: number, retryAfterMs: number | undefined) {
  if (retryAfterMs !== undefined && retryAfterMs >= 0 && retryAfterMs < MAX_RETRY_AFTER_MS) return retryAfterMs
  return Math.min(500 * 2 ** retries, 8000) * (1 - Math.random() * 0.25)
}

/** A refusal's JSON `error` (or its whole body, or its text), read up to a bound. */
async function errorOf(body: AsyncIterable<Buffer> & { destroy(): void }) {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of body) {
      chunks.push(chunk)
      size += chunk.length
      if (size >= MAX_ERROR_BODY_BYTES) break
    }
  } catch {
    // What was read is the detail; a cut body is not a second failure.
  } finally {
    body.destroy()
  }
  const text = Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY_BYTES).toString('utf8')
  try {
    const parsed = JSON.parse(text) as { error?: unknown }
    return parsed && typeof parsed === 'object' && 'error' in parsed ? parsed.error : parsed
  } catch {
    return text
  }
}
