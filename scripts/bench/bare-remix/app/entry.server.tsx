import { PassThrough } from 'node:stream'

import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

// Remix's default server entry for browsers (the template's isbot branch aside): the whole page
// is rendered before it is sent, as ours is.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough()
        responseHeaders.set('Content-Type', 'text/html')
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        )
        pipe(body)
      },
      onShellError: reject,
      onError(error) {
        responseStatusCode = 500
        console.error(error)
      },
    })
    setTimeout(abort, 5000)
  })
}
