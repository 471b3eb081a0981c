import { serveCompletions } from './completions-endpoint'

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
  const server = await serveCompletions((received, response) => {
    const body = received as ChatRequest
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
  return {
    baseUrl: server.baseUrl,
    requests,
    answer(next: Reply | ((request: ChatRequest) => Reply)) {
      reply = typeof next === 'function' ? next : () => next
    },
    /** Answers with this object as the completion's JSON content. */
    answerJson(json: unknown) {
      reply = () => ({ content: JSON.stringify(json) })
    },
    close: server.close,
  }
}
