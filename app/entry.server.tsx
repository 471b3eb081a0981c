import { createHash } from 'node:crypto'

import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'

import { NonceProvider } from './components/nonce'
import { webEnv } from './http/env.server'
import { errorReference, logClientError, logServerError } from './http/error-reference.server'
import { freshBytes } from './http/fresh-bytes.server'
import { checkScriptStyles } from './utils/time-zone-hint'

const styleHash = (style: string) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`
// The one style attribute the app renders: remix-utils' sign-in honeypot hides itself with it.
const HONEYPOT_STYLE = styleHash('display:none')
// The one style element: the time-zone check hides the page with it while it reloads.
const CHECK_SCRIPT_STYLES = checkScriptStyles.map(styleHash).join(' ')

/**
 * The page's Content-Security-Policy (decision 005). Inline scripts run only with this response's
 * nonce, so markup that slips into a page cannot run script; script files come from our own origin,
 * whose every other response has a non-script type and `nosniff`. Styles come from our stylesheets;
 * the only style attribute allowed is the honeypot's, and the only style element the time-zone
 * check's, each by its hash. Google's sign-in is reached by a
 * form post that redirects to its authorization endpoint (GOOGLE_AUTHORIZATION_URL), which
 * `form-action` governs in Chromium. Images come from our own origin or data: only: an image from
 * elsewhere, written into a message or a document, would send whatever its address carries to that
 * site without a click (issue 30).
 */
function policyWith(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    `style-src 'self' ${CHECK_SCRIPT_STYLES}`,
    `style-src-attr 'unsafe-hashes' ${HONEYPOT_STYLE}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action 'self' ${new URL(webEnv().GOOGLE_AUTHORIZATION_URL).origin}`,
  ].join('; ')
}

// The policy but for its nonce is the environment's, read once per process: a page adds the nonce.
const NONCE_SLOT = '\u0000'
let policyAroundNonce: string[] | undefined
function contentSecurityPolicy(nonce: string) {
  policyAroundNonce ??= policyWith(NONCE_SLOT).split(NONCE_SLOT)
  return policyAroundNonce.join(nonce)
}

/**
 * Remix preloads every module of the page at the browser's default priority, so on a slow network
 * they compete with the stylesheet and the page's own images; at low priority they come after
 * (decision 022). React escapes `<` in text and `"` in attributes, so the only such tags in a page
 * are the ones Remix's <Scripts> writes.
 */
const lowPriorityModulePreloads = (html: string) =>
  html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')

// Pages are rendered whole, to one string, rather than streamed: without JavaScript, streamed
// Suspense boundaries would never resolve (our users often browse with it off), and no page defers
// data. A whole page goes out as one buffer with its length, one write to the socket, and
// renderToString does without the stream, its chunks and their encoding, which took ~10% of a signed-in
// page's CPU under load (issue 12). React 18 writes the doctype only when it streams.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = freshBytes(16).toString('base64')
  const html =
    '<!DOCTYPE html>' +
    lowPriorityModulePreloads(
      renderToString(
        <NonceProvider value={nonce}>
          <RemixServer context={remixContext} url={request.url} />
        </NonceProvider>,
      ),
    )
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))
  responseHeaders.set('X-Content-Type-Options', 'nosniff')
  responseHeaders.set('Referrer-Policy', 'same-origin')
  responseHeaders.set('X-Frame-Options', 'DENY')
  return new Response(html, { headers: responseHeaders, status: responseStatusCode })
}

/** Every error of a loader, action or render is logged once, under the request's reference. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // A visitor who navigated away: nothing failed that anyone will see.
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return logClientError(error, request)
  logServerError(error, request)
}

/**
 * A data request that failed on the server answers with its reference instead of Remix's bare
 * "Unexpected Server Error", as a 500 response the route's error boundary can read.
 */
export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!response.headers.has('X-Remix-Error')) return response
  const headers = new Headers(response.headers)
  headers.delete('X-Remix-Error')
  headers.delete('Content-Length')
  headers.set('X-Remix-Catch', 'yes')
  return json({ reference: errorReference(request) }, { status: response.status, headers })
}
