import { type ActionFunctionArgs, json } from '@remix-run/node'
import { createParser } from 'eventsource-parser'
import { eventStream } from 'remix-utils/sse/server'

import { readForm } from '~/http/read-form.server'
import { requireUser } from '~/services/auth.server'
import { conversationsApi } from '~/services/chat.server'
import { idFrom } from '~/utils/route-id'

/**
 * POST {content}: asks in a conversation and relays the backend's answer events (spec §7, one
 * `data:` JSON line each) to the browser as they come, without buffering. When the browser goes
 * away the backend call is cancelled, which stops the answer's provider; when the backend ends,
 * the browser's stream ends. Refusals (a blank message, a conversation that is not the caller's,
 * 429 past the chat limits with its `Retry-After`) come back as their status with the backend's
 * JSON, before any stream starts.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request)
  const id = idFrom(params.conversationId)
  if (id === null) return json({ detail: 'Conversation not found.' }, { status: 404 })
  const content = String((await readForm(request)).get('content') ?? '')
  const upstream = new AbortController()
  const onBrowserGone = () => upstream.abort()
  request.signal.addEventListener('abort', onBrowserGone, { once: true })
  const response = await conversationsApi(request).stream(id, content, upstream.signal)
  if (!response.ok || !response.body) {
    request.signal.removeEventListener('abort', onBrowserGone)
    const body = await response.json().catch(() => ({ detail: 'Failed to get response' }))
    const retryAfter = response.headers.get('Retry-After')
    return json(body, {
      status: response.ok ? 502 : response.status,
      headers: retryAfter ? { 'Retry-After': retryAfter } : {},
    })
  }
  const reader = response.body.getReader()
  const stream = eventStream(request.signal, (send, close) => {
    const parser = createParser({ onEvent: (event) => send({ data: event.data }) })
    const decoder = new TextDecoder()
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          parser.feed(decoder.decode(value, { stream: true }))
        }
      } catch {
        // The backend stream failed or was cancelled: the browser's stream just ends.
      } finally {
        close()
      }
    })()
    return () => {
      request.signal.removeEventListener('abort', onBrowserGone)
      upstream.abort()
      void reader.cancel().catch(() => undefined)
    }
  })
  // eventStream says no-cache, which lets a cache keep someone's answer; and like every other answer
  // of ours the stream must never be sniffed into something a browser would run.
  stream.headers.set('Cache-Control', 'no-store')
  stream.headers.set('X-Content-Type-Options', 'nosniff')
  return stream
}
