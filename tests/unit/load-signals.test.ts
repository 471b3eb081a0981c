import { EventEmitter } from 'node:events'
import type { Server } from 'node:http'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { signalLoad } from '../../server/load-signals'

// What signalLoad reads of a server: its requests, and when each response closes.
const fakeServer = () => new EventEmitter() as EventEmitter & Server
const request = (server: Server) => {
  const response = new EventEmitter()
  server.emit('request', {}, response)
  return { close: () => response.emit('close') }
}

let stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
  vi.useRealTimers()
})
const watch = (...args: Parameters<typeof signalLoad>) => {
  const signals = signalLoad(...args)
  stops.push(signals.stop)
  return signals
}

describe('a web process telling its primary about its load', () => {
  it('offers to retire after a quiet spell, counted from its last response', () => {
    vi.useFakeTimers()
    const server = fakeServer()
    const idle = vi.fn()
    watch(server, { busy: () => {}, idle }, { idleMs: 30_000 })
    vi.advanceTimersByTime(20_000)
    const first = request(server)
    vi.advanceTimersByTime(60_000)
    // A streamed answer still open keeps the process.
    expect(idle).not.toHaveBeenCalled()
    const second = request(server)
    first.close()
    vi.advanceTimersByTime(60_000)
    expect(idle).not.toHaveBeenCalled()
    second.close()
    vi.advanceTimersByTime(29_000)
    expect(idle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1_000)
    expect(idle).toHaveBeenCalledTimes(1)
  })

  it('offers to retire when started for a burst that never reached it', () => {
    vi.useFakeTimers()
    const idle = vi.fn()
    watch(fakeServer(), { busy: () => {}, idle }, { idleMs: 30_000 })
    vi.advanceTimersByTime(30_000)
    expect(idle).toHaveBeenCalledTimes(1)
  })

  it('asks for help when its event loop has been saturated', async () => {
    const busy = new Promise<void>((resolve) => {
      watch(fakeServer(), { busy: resolve, idle: () => {} }, { sampleMs: 50 })
    })
    // Rendering pages back to back: the loop never waits.
    const until = performance.now() + 120
    while (performance.now() < until) Math.sqrt(Math.random())
    await busy
  })
})
