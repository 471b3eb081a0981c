import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

import { webEnv } from '~/http/env.server'
import { currentLogContext } from '~/http/log.server'
import { inProcessApi } from '~/http/request-context.server'

/**
 * Mounts the REST backend at /api: the in-process handler by default, or a proxy to API_URL when
 * the backend runs on its own.
 */
async function forward({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const handler = inProcessApi()
  if (handler) return handler(request, { clientAddress: context.clientAddress as string | undefined })
  const target = new URL(new URL(request.url).pathname + new URL(request.url).search, webEnv().API_URL)
  const headers = new Headers(request.headers)
  if (context.clientAddress) headers.set('X-Forwarded-For', String(context.clientAddress))
  // The web tier's id for this request, not whatever the browser sent.
  const requestId = currentLogContext()?.requestId
  if (requestId) headers.set('X-Request-Id', requestId)
  else headers.delete('X-Request-Id')
  // Node's fetch needs `duplex: 'half'` to stream a request body through.
  const init: RequestInit & { duplex: 'half' } = {
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
    duplex: 'half',
  }
  const upstream = await fetch(target, init)
  return new Response(upstream.body, upstream)
}

export const loader = forward
export const action = forward
