import { type ErrorResponse, isRouteErrorResponse } from '@remix-run/react'

import { log, loggedPath } from '../../runtime/log'
import { freshBytes } from './fresh-bytes.server'
import { currentRequestStore } from './request-context.server'

/*
 * A server error reaches the browser without its message (Remix hides it in production). The page
 * shows a short reference instead, and the log line that holds the error starts with the same one,
 * so a user's report can be found in the logs. One reference per request: the page of a failed
 * document request learns it from the root loader, a failed data request gets it in its answer.
 */

const references = new WeakMap<object, string>()

/** This request's reference (made on first use). */
export function errorReference(request?: Request) {
  // The per-request store outlives Remix's copies of the Request; without one (tests), the request.
  const key: object | undefined = currentRequestStore() ?? request
  if (!key) return newReference()
  let reference = references.get(key)
  if (!reference) {
    reference = newReference()
    references.set(key, reference)
  }
  return reference
}

const newReference = () => freshBytes(4).toString('hex')

/** Logs an error of a loader, action or render with the request's reference; answers the reference. */
export function logServerError(error: unknown, request: Request) {
  const reference = errorReference(request)
  const url = new URL(request.url)
  // Remix's own answers (no route matched, no action) wrap the error that explains them.
  const cause =
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error
  log.error(
    { err: cause, errorReference: reference },
    `[error ${reference}] ${request.method} ${loggedPath(url.pathname)}`,
  )
  return reference
}

/**
 * Logs one of Remix's own client-error answers (a POST to a page without an action: 405) as what it
 * is, the client's mistake: a line with its reason, without a stack or a reference.
 */
export function logClientError(error: ErrorResponse, request: Request) {
  const reason = (error as { error?: unknown }).error
  log.info(
    { status: error.status, reason: reason instanceof Error ? reason.message : error.statusText },
    `[refused ${error.status}] ${request.method} ${loggedPath(new URL(request.url).pathname)}`,
  )
}
