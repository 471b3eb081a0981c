/**
 * Another stream's bytes passed on unchanged, read from it only when the reader of this one asks
 * (no buffering, so a slow browser slows the backend's stream instead of filling memory). When
 * `source` fails, this stream just ends: what the browser has is what came before the failure. When
 * the reader cancels (the browser went away) `stopSource` is called and `source` is cancelled.
 */
export function relayedStream(source: ReadableStream<Uint8Array>, stopSource: () => void) {
  const reader = source.getReader()
  let cancelled = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let read: ReadableStreamReadResult<Uint8Array>
        try {
          read = await reader.read()
        } catch {
          read = { done: true, value: undefined }
        }
        // A cancel while the read was pending has closed this stream already.
        if (cancelled) return
        if (read.done) controller.close()
        else controller.enqueue(read.value)
      },
      async cancel(reason) {
        cancelled = true
        stopSource()
        await reader.cancel(reason).catch(() => undefined)
      },
    },
    // Nothing read ahead of the reader.
    { highWaterMark: 0 },
  )
}
