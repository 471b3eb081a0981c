import { type ActionFunctionArgs, json } from '@remix-run/node'

import { readForm } from '~/http/read-form.server'
import { relayedStream } from '~/http/relayed-stream.server'
import { requireUser } from '~/services/auth.server'
import { conversationsApi } from '~/services/chat.server'
import { idFrom } from '~/utils/route-id'

const EVENT_STREAM = 'text/event-stream'

/**
 * POST {content}: asks in a conversation and relays the backend's answer events (spec §7, one
 * `data:` JSON line each) to the browser as they come, byte for byte: the relay neither reads nor
 * rewrites them (decision 078). When the browser goes away the backend call is cancelled, which
 * stops the answer's provider; when the backend ends, the browser's stream ends, and when it fails
 * mid-answer the browser's stream ends there (the page reports an answer without its final event).
 * Refusals (a blank message, a conversation that is not the caller's, 429 past the chat limits with
 * its `Retry-After`) come back as their status with the backend's JSON, before any stream starts.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request)
  const id = idFrom(params.conversationId)
  if (id === null) return json({ detail: 'Conversation not found.' }, { status: 404 })
  const content = String((await readForm(request)).get('content') ?? '')
  const upstream = new AbortController()
  const stop = () => upstream.abort()
  request.signal.addEventListener('abort', stop, { once: true })
  const response = await conversationsApi(request).stream(id, content, upstream.signal)
  const streamed = response.ok && response.body && response.headers.get('Content-Type')?.startsWith(EVENT_STREAM)
  if (!streamed || !response.body) {
    request.signal.removeEventListener('abort', stop)
    const body = await response.json().catch(() => ({ detail: 'Failed to get response' }))
    const retryAfter = response.headers.get('Retry-After')
    return json(body, {
      status: response.ok ? 502 : response.status,
      headers: retryAfter ? { 'Retry-After': retryAfter } : {},
    })
  }
  return new Response(relayedStream(response.body, stop), {
    headers: {
      'Content-Type': EVENT_STREAM,
      // Someone's own answer: no cache may keep it, and like every other answer of ours the stream
      // must never be sniffed into something a browser would run.
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
