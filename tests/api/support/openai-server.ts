import { serveCompletions } from './completions-endpoint'

/** One chat completion request as the test server saw it. */
export interface CompletionCall {
  body: { model: string; stream?: boolean; messages: Array<{ role: string; content: string }> }
  /** Resolves when the client closed the request before the answer was complete. */
  aborted: Promise<void>
  /** Sends one streamed piece of the answer. */
  send(content: string): void
  /** Ends the answer as the OpenAI streaming format does. */
  finish(): void
  /** Answers with an HTTP error instead of a stream (before anything was sent). */
  fail(status: number, message: string): void
  /** Drops the connection mid-answer. */
  drop(): void
}

/**
 * A local server speaking the OpenAI chat completions streaming format, driven by the test: each
 * request is handed to `onCall`, which sends pieces, waits, finishes or fails as the test needs.
 */
export async function startOpenAiServer() {
  let handler: (call: CompletionCall) => void | Promise<void> = (call) => {
    call.send('No script for this call.')
    call.finish()
  }
  const calls: CompletionCall[] = []
  const server = await serveCompletions((body, response) => {
    let complete = false
    const aborted = new Promise<void>((resolve) =>
      response.on('close', () => {
        if (!complete) resolve()
      }),
    )
    let started = false
    const start = () => {
      if (started) return
      started = true
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    }
    const event = (data: string) => response.write(`data: ${data}\n\n`)
    const call: CompletionCall = {
      body: body as CompletionCall['body'],
      aborted,
      send(content) {
        start()
        event(completionChunk(call.body.model, { content }, null))
      },
      finish() {
        start()
        event(completionChunk(call.body.model, {}, 'stop'))
        event('[DONE]')
        complete = true
        response.end()
      },
      fail(status, message) {
        complete = true
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message, type: 'server_error' } }))
      },
      drop() {
        complete = true
        response.socket?.destroy()
      },
    }
    calls.push(call)
    void handler(call)
  })
  return {
    baseUrl: server.baseUrl,
    calls,
    /** What the server does with the next requests. */
    onCall(next: typeof handler) {
      handler = next
    },
    close: server.close,
  }
}

/** One chunk of the OpenAI chat completions stream. */
const completionChunk = (model: string, delta: { content?: string }, finish: 'stop' | null) =>
  JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })
