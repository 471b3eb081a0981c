import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What a chat completions request carries, as the tests read it. */
export interface ChatRequest {
  model: string
  temperature?: number
  response_format?: { type: string }
  messages: Array<{ role: string; content: string }>
}

/** What the test server answers: a completion with this content, or an HTTP error. */
export type Reply = { content: string } | { status: number; message: string }

/**
 * A local OpenAI-compatible chat completions server (not streamed; support/openai-server.ts streams),
 * answering as the test says: one reply for every request, or one made from each request.
 */
export async function startChatCompletionServer() {
  const requests: ChatRequest[] = []
  let reply: (request: ChatRequest) => Reply = () => ({ content: '{}' })
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions') {
        response.writeHead(404).end()
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest
      requests.push(body)
      const answer = reply(body)
      const [status, json] =
        'content' in answer
          ? [
              200,
              {
                id: 'chatcmpl-test',
                object: 'chat.completion',
                created: 0,
                model: body.model,
                choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }],
              },
            ]
          : [answer.status, { error: { message: answer.message, type: 'server_error' } }]
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(next: Reply | ((request: ChatRequest) => Reply)) {
      reply = typeof next === 'function' ? next : () => next
    },
    /** Answers with this object as the completion's JSON content. */
    answerJson(json: unknown) {
      reply = () => ({ content: JSON.stringify(json) })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
