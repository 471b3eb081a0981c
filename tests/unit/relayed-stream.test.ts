import { describe, expect, it, vi } from 'vitest'

import { relayedStream } from '../../app/http/relayed-stream.server'

const bytes = (text: string) => new TextEncoder().encode(text)

/** A source that hands out `chunks` one per pull, then fails or ends; it counts its pulls. */
function source(chunks: string[], { fails = false } = {}) {
  const seen = { pulls: 0, cancelled: undefined as unknown }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.pulls++
        const next = chunks.shift()
        if (next !== undefined) controller.enqueue(bytes(next))
        else if (fails) controller.error(new Error('backend connection reset'))
        else controller.close()
      },
      cancel(reason) {
        seen.cancelled = reason
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, seen }
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder()
  const pieces: string[] = []
  const reader = stream.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(decoder.decode(read.value))
  return pieces
}

describe('relayedStream', () => {
  it('passes the bytes on unchanged, chunk for chunk, and ends when the source does', async () => {
    const events = ['data: {"type":"chunk","content":"The lease"}\n\n', 'data: {"type":"meta', 'data"}\n\n']
    const { stream } = source([...events])
    expect(await readAll(relayedStream(stream, () => undefined))).toEqual(events)
  })

  it('reads the source only as its own reader asks', async () => {
    const { stream, seen } = source(['one', 'two', 'three'])
    const reader = relayedStream(stream, () => undefined).getReader()
    await new Promise((resolve) => setImmediate(resolve))
    expect(seen.pulls).toBe(0)
    await reader.read()
    await new Promise((resolve) => setImmediate(resolve))
    expect(seen.pulls).toBe(1)
  })

  it('ends after what came before when the source fails, without an error', async () => {
    const { stream } = source(['data: {"type":"chunk","content":"The lease runs"}\n\n'], { fails: true })
    expect(await readAll(relayedStream(stream, () => undefined))).toEqual([
      'data: {"type":"chunk","content":"The lease runs"}\n\n',
    ])
  })

  it('stops and cancels the source when its reader goes away', async () => {
    const { stream, seen } = source(['one', 'two'])
    const stop = vi.fn()
    const reader = relayedStream(stream, stop).getReader()
    await reader.read()
    await reader.cancel('browser gone')
    expect(stop).toHaveBeenCalledOnce()
    expect(seen.cancelled).toBe('browser gone')
  })

  it('is cancelled cleanly while a read of the source is pending', async () => {
    const waiting = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) }, { highWaterMark: 0 })
    const stop = vi.fn()
    const reader = relayedStream(waiting, stop).getReader()
    const pending = reader.read()
    await reader.cancel()
    expect(await pending).toEqual({ done: true, value: undefined })
    expect(stop).toHaveBeenCalledOnce()
  })
})
