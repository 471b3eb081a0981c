import { describe, expect, it } from 'vitest'

import { eventStream } from '../../api/event-stream'

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
    expect(await readAll(eventStream(events(), new AbortController()))).toBe(
      'data: {"type":"chunk","content":"The lease\\nruns"}\n\ndata: {"type":"metadata","message":{"id":1}}\n\n',
    )
  })

  it('asks the generator for one event ahead of its reader, no more', async () => {
    let asked = 0
    async function* events() {
      for (;;) {
        asked++
        yield { type: 'chunk', content: String(asked) }
      }
    }
    const reader = eventStream(events(), new AbortController()).getReader()
    await new Promise((resolve) => setImmediate(resolve))
    expect(asked).toBe(1)
    await reader.read()
    await new Promise((resolve) => setImmediate(resolve))
    expect(asked).toBe(2)
    await reader.cancel()
  })

  it('aborts `stop` and closes the generator when its reader goes away', async () => {
    let closed = false
    async function* events() {
      try {
        for (;;) yield { type: 'chunk', content: 'The lease' }
      } finally {
        closed = true
      }
    }
    const stop = new AbortController()
    const reader = eventStream(events(), stop).getReader()
    await reader.read()
    await reader.cancel()
    await new Promise((resolve) => setImmediate(resolve))
    expect(stop.signal.aborted).toBe(true)
    expect(closed).toBe(true)
  })

  it('ends after what came before when the generator throws', async () => {
    async function* events() {
      yield { type: 'chunk', content: 'The lease' }
      throw new Error('the database went away')
    }
    expect(await readAll(eventStream(events(), new AbortController()))).toBe(
      'data: {"type":"chunk","content":"The lease"}\n\n',
    )
  })
})
