import { describe, expect, it } from 'vitest'

import { eventStream } from '../../api/kernel/event-stream'

async function readAll(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder()
  let text = ''
  const reader = stream.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value)
  return text
}

describe('eventStream', () => {
  it('writes each event as one data: JSON line, and ends with the generator', async () => {
    async function* events() {
      yield { type: 'chunk', content: 'The lease\nruns' }
      yield { type: 'metadata', message: { id: 1 } }
    }
    expect(await readAll(eventStream(events(), new AbortController(), new AbortController().signal))).toBe(
      'data: {"type":"chunk","content":"The lease\\nruns"}\n\ndata: {"type":"metadata","message":{"id":1}}\n\n',
    )
  })

  it('asks the generator for one event ahead of its reader, no more', async () => {
    let asked = 0
    const stop = new AbortController()
    async function* events() {
      while (!stop.signal.aborted) {
        asked++
        yield { type: 'chunk', content: String(asked) }
      }
    }
    const reader = eventStream(events(), stop, new AbortController().signal).getReader()
    await new Promise((resolve) => setImmediate(resolve))
    expect(asked).toBe(1)
    await reader.read()
    await new Promise((resolve) => setImmediate(resolve))
    expect(asked).toBe(2)
    await reader.cancel()
  })

  /** An answer that heeds `stop`, and says whether its cleanup ran. */
  function answer(stop: AbortController) {
    const seen = { cleanedUp: false }
    async function* events() {
      try {
        while (!stop.signal.aborted) yield { type: 'chunk', content: 'The lease' }
      } finally {
        seen.cleanedUp = true
      }
    }
    return { events: events(), seen }
  }

  it('aborts `stop` and runs the generator to its end when its reader goes away', async () => {
    const stop = new AbortController()
    const { events, seen } = answer(stop)
    const reader = eventStream(events, stop, new AbortController().signal).getReader()
    await reader.read()
    await reader.cancel()
    await new Promise((resolve) => setImmediate(resolve))
    expect(stop.signal.aborted).toBe(true)
    expect(seen.cleanedUp).toBe(true)
  })

  it('ends when the client goes away while nothing reads the stream', async () => {
    const stop = new AbortController()
    const client = new AbortController()
    const { events, seen } = answer(stop)
    const reader = eventStream(events, stop, client.signal).getReader()
    await reader.read()
    client.abort()
    await new Promise((resolve) => setImmediate(resolve))
    expect(stop.signal.aborted).toBe(true)
    expect(seen.cleanedUp).toBe(true)
    expect(await reader.read()).toEqual({ done: true, value: undefined })
  })

  it('runs the cleanup of a generator that never started when the client was gone already', async () => {
    const stop = new AbortController()
    const client = new AbortController()
    client.abort()
    const { events, seen } = answer(stop)
    const reader = eventStream(events, stop, client.signal).getReader()
    expect(await reader.read()).toEqual({ done: true, value: undefined })
    await new Promise((resolve) => setImmediate(resolve))
    expect(seen.cleanedUp).toBe(true)
  })

  it('ends after what came before when the generator throws', async () => {
    async function* events() {
      yield { type: 'chunk', content: 'The lease' }
      throw new Error('the database went away')
    }
    expect(await readAll(eventStream(events(), new AbortController(), new AbortController().signal))).toBe(
      'data: {"type":"chunk","content":"The lease"}\n\n',
    )
  })
})
