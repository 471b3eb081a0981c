import { log } from '../runtime/log'

const encoder = new TextEncoder()

/**
 * The body of a `text/event-stream` answer: each of `events` as one `data:` JSON line (spec §7),
 * written as the client takes them. One stream from the generator to the socket, where hono's
 * streamSSE passed each event through a TransformStream and a second stream (decision 078). The next
 * event is asked for once the one before is taken, so a slow client holds the answer back instead of
 * filling memory. When the client goes away `stop` is aborted and `events` closed. A generator that
 * throws ends the stream: what the client has is what came before.
 */
export function eventStream(events: AsyncGenerator<unknown>, stop: AbortController) {
  let cancelled = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<unknown>
      try {
        next = await events.next()
      } catch (error) {
        log.error({ err: error }, 'an event stream failed')
        next = { done: true, value: undefined }
      }
      // A cancel while the generator was busy has closed this stream already.
      if (cancelled) return
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`))
    },
    cancel() {
      cancelled = true
      stop.abort()
      // Runs the generator's cleanup; it ends as soon as it sees `stop`, if it is busy now.
      events.return(undefined).catch(() => undefined)
    },
  })
}
