import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local server for `POST /v1/chat/completions` (anything else is a 404), handing each request's
 * parsed JSON body to `answer` (with the request, for its headers); what the streamed and the plain
 * test servers share.
 */
export async function serveCompletions(
  answer: (body: unknown, response: ServerResponse, request: IncomingMessage) => void,
) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions') {
        response.writeHead(404).end()
        return
      }
      answer(JSON.parse(Buffer.concat(chunks).toString('utf8')), response, request)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
