import { log } from '../../runtime/log'

const encoder = new TextEncoder()

/**
 * The body of a `text/event-stream` answer: each of `events` as one `data:` JSON line (spec §7),
 * written as the client takes them. One stream from the generator to the socket, where hono's
 * streamSSE passed each event through a TransformStream and a second stream (decision 078). The next
 * event is asked for once the one before is taken, so a slow client holds the answer back instead of
 * filling memory. A generator that throws ends the stream: what the client has is what came before.
 *
 * When the client goes away, whether its reader cancels or only `clientGone` says so (a socket
 * closed before the server began to read the stream), `stop` is aborted and the generator is run to
 * its end, which it reaches at once when it heeds `stop`: its own cleanup gives back what it holds,
 * also when it had not started (`return()` would skip its body, cleanup included).
 */
export function eventStream(events: AsyncGenerator<unknown>, stop: AbortController, clientGone: AbortSignal) {
  let finished = false
  const abandon = () => {
    finished = true
    stop.abort()
    void (async () => {
      try {
        let done = false
        while (!done) done = (await events.next()).done ?? false
      } catch (error) {
        log.error({ err: error }, 'an abandoned event stream failed')
      }
    })()
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const gone = () => {
        if (finished) return
        abandon()
        controller.close()
      }
      if (clientGone.aborted) gone()
      else clientGone.addEventListener('abort', gone, { once: true })
    },
    async pull(controller) {
      let next: IteratorResult<unknown>
      try {
        next = await events.next()
      } catch (error) {
        log.error({ err: error }, 'an event stream failed')
        next = { done: true, value: undefined }
      }
      // The client went away while the generator was busy: this stream is closed already.
      if (finished) return
      if (next.done) {
        finished = true
        controller.close()
      } else controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`))
    },
    cancel() {
      if (!finished) abandon()
    },
  })
}
