import { PassThrough } from 'node:stream'
import type { EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

const ABORT_DELAY = 5_000

// Pages are sent whole (onAllReady) rather than streamed out of order: without JavaScript, streamed
// Suspense boundaries would never resolve, and our users often browse with it off.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        onAllReady() {
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          responseHeaders.set('X-Content-Type-Options', 'nosniff')
          responseHeaders.set('Referrer-Policy', 'same-origin')
          responseHeaders.set('X-Frame-Options', 'DENY')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: statusCode }))
          pipe(body)
        },
        onShellError: reject,
        onError(error) {
          statusCode = 500
          console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}
