import { afterEach, describe, expect, it, vi } from 'vitest'

import { sendHeartbeats, watchHeartbeats } from '../../server/heartbeats'

let stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
  vi.useRealTimers()
})
const watching = (options: Partial<Parameters<typeof watchHeartbeats<string>>[0]> = {}) => {
  const calls = { stalled: vi.fn(), recovered: vi.fn(), silent: vi.fn() }
  const watch = watchHeartbeats<string>({ killAfterMs: 5_000, ...calls, ...options })
  stops.push(watch.stop)
  return { watch, ...calls }
}

describe('a web process telling its primary that it still answers', () => {
  it('beats a few times a second from its event loop', () => {
    vi.useFakeTimers()
    const beat = vi.fn()
    stops.push(sendHeartbeats(beat).stop)
    vi.advanceTimersByTime(1_000)
    expect(beat).toHaveBeenCalledTimes(4)
  })
})

describe('a primary listening for heartbeats', () => {
  it('stops counting a web process after a second and a half of silence and counts it again when it beats', () => {
    vi.useFakeTimers()
    const { watch, stalled, recovered, silent } = watching()
    watch.watch('web')
    vi.advanceTimersByTime(1_250)
    expect(stalled).not.toHaveBeenCalled()
    vi.advanceTimersByTime(250)
    expect(stalled).toHaveBeenCalledExactlyOnceWith('web', 1_500)
    watch.beat('web')
    expect(recovered).toHaveBeenCalledExactlyOnceWith('web', 1_500)
    vi.advanceTimersByTime(1_250)
    expect(stalled).toHaveBeenCalledTimes(1)
    expect(silent).not.toHaveBeenCalled()
  })

  it('calls for the kill of a web process silent for the kill time, on every tick until it is forgotten', () => {
    vi.useFakeTimers()
    const { watch, silent } = watching({ killAfterMs: 3_000 })
    watch.watch('stuck')
    watch.watch('healthy')
    for (let elapsed = 0; elapsed < 3_000; elapsed += 250) {
      watch.beat('healthy')
      vi.advanceTimersByTime(250)
    }
    expect(silent).toHaveBeenCalledExactlyOnceWith('stuck', 3_000)
    watch.beat('healthy')
    vi.advanceTimersByTime(250)
    expect(silent).toHaveBeenLastCalledWith('stuck', 3_250)
    watch.forget('stuck')
    vi.advanceTimersByTime(250)
    expect(silent).toHaveBeenCalledTimes(2)
  })

  it('ignores heartbeats of a web process it does not watch (still starting, or retiring)', () => {
    vi.useFakeTimers()
    const { watch, stalled, recovered } = watching()
    watch.beat('starting')
    vi.advanceTimersByTime(10_000)
    expect([stalled, recovered].map((call) => call.mock.calls.length)).toEqual([0, 0])
  })

  it('does not hold its own stall against the web processes whose heartbeats wait in its queue', async () => {
    const { watch, stalled, silent } = watching({ tickMs: 20, stalledAfterMs: 100, killAfterMs: 200 })
    watch.watch('web')
    // The primary's own event loop held for half a second (a long task of its own, a machine that
    // stopped scheduling it); the heartbeat sent meanwhile is read after its next tick.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        const until = performance.now() + 500
        while (performance.now() < until) Math.sqrt(Math.random())
        setImmediate(() => {
          watch.beat('web')
          resolve()
        })
      }),
    )
    expect(stalled).not.toHaveBeenCalled()
    expect(silent).not.toHaveBeenCalled()
  })
})
