import { afterEach, describe, expect, it, vi } from 'vitest'

import { log } from '../../runtime/log'
import { HEARTBEAT_MS } from '../../server/heartbeats'
import { webPool, type WebProcess } from '../../server/web-pool'

interface FakeProcess extends WebProcess {
  process: { pid: number }
  dead: boolean
}

let stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** A primary's pool with stand-in web processes: what it started, asked to retire and killed. */
function pool({ most = 2, least = 1, killAfterMs = 5_000 } = {}) {
  vi.useFakeTimers()
  const started: FakeProcess[] = []
  const retired: number[] = []
  const killed: number[] = []
  const webPool_ = webPool<FakeProcess>({
    most,
    least,
    killAfterMs,
    start() {
      const web: FakeProcess = { process: { pid: 100 + started.length }, dead: false, isDead: () => web.dead }
      started.push(web)
      return web
    },
    retire: (web) => void retired.push(web.process.pid),
    kill: (web) => void killed.push(web.process.pid),
  })
  stops.push(webPool_.stop)
  /** Lets `ms` pass while the given web processes beat (the others are silent). */
  const beating = (ms: number, ...answering: FakeProcess[]) => {
    for (let elapsed = 0; elapsed < ms; elapsed += HEARTBEAT_MS) {
      for (const web of answering) webPool_.message(web, { type: 'heartbeat' })
      vi.advanceTimersByTime(HEARTBEAT_MS)
    }
  }
  const listening = (web: FakeProcess) => webPool_.listening(web)
  return { pool: webPool_, started, retired, killed, beating, listening }
}

describe('the web processes of a primary', () => {
  it('starts one, and another only when one serving asks for help', () => {
    const { pool: webPool, started, listening } = pool({ most: 2, least: 1 })
    webPool.start()
    expect(started).toHaveLength(1)
    webPool.message(started[0]!, { type: 'busy' })
    expect(started).toHaveLength(1) // the first is still starting
    listening(started[0]!)
    webPool.message(started[0]!, { type: 'busy' })
    expect(started).toHaveLength(2)
  })

  it('does not retire the process that answers when the other is stuck, even when it reports idle', () => {
    vi.spyOn(log, 'warn').mockImplementation(() => {})
    vi.spyOn(log, 'error').mockImplementation(() => {})
    const { pool: webPool, started, retired, killed, beating, listening } = pool({ most: 2, least: 1 })
    webPool.start()
    const healthy = started[0]!
    listening(healthy)
    webPool.message(healthy, { type: 'busy' })
    const stuck = started[1]!
    listening(stuck)
    // One request keeps `stuck` busy for ever: it no longer beats.
    beating(2_000, healthy)
    webPool.message(healthy, { type: 'idle', rssMb: 120 })
    expect(retired).toEqual([])
    beating(3_000, healthy)
    expect(killed).toEqual([stuck.process.pid])
    expect(log.error).toHaveBeenCalledWith(
      { webProcess: stuck.process.pid, silentMs: 5_000 },
      `web process ${stuck.process.pid} did not answer for 5.0 s and was killed`,
    )
    stuck.dead = true
    webPool.exited(stuck, 'SIGKILL')
    // Still enough with `healthy` alone: nothing more starts until the load asks for it.
    expect(started).toHaveLength(2)
  })

  it('starts a replacement at once for the only process when it is stuck, and kills it once the replacement listens', () => {
    vi.spyOn(log, 'warn').mockImplementation(() => {})
    vi.spyOn(log, 'error').mockImplementation(() => {})
    const { pool: webPool, started, killed, beating, listening } = pool({ most: 2, least: 1, killAfterMs: 5_000 })
    webPool.start()
    const stuck = started[0]!
    listening(stuck)
    beating(1_250)
    expect(started).toHaveLength(1)
    beating(250)
    expect(started).toHaveLength(2)
    // The replacement is slow to start: until it listens the stuck one keeps the port, so that new
    // connections wait for it instead of being refused.
    beating(8_000)
    expect(killed).toEqual([])
    listening(started[1]!)
    beating(HEARTBEAT_MS, started[1]!)
    expect(killed).toEqual([stuck.process.pid])
  })

  it('counts a stuck process again when it answers before the kill', () => {
    vi.spyOn(log, 'warn').mockImplementation(() => {})
    const { pool: webPool, started, killed, beating, listening } = pool({ most: 2, least: 2 })
    webPool.start()
    // One after the other, so that the first is not slowed by the second.
    expect(started).toHaveLength(1)
    const first = started[0]!
    listening(first)
    const second = started[1]!
    listening(second)
    beating(2_000, first)
    expect(log.warn).toHaveBeenLastCalledWith(
      { webProcess: second.process.pid, silentMs: 1_500 },
      `web process ${second.process.pid} has not answered for 1.5 s`,
    )
    beating(10_000, first, second)
    expect(log.warn).toHaveBeenLastCalledWith(
      { webProcess: second.process.pid, silentMs: 2_000 },
      `web process ${second.process.pid} answers again after 2.0 s`,
    )
    expect(killed).toEqual([])
    expect(started).toHaveLength(2)
  })

  it('replaces a stuck process when it kills it, while another answers, to keep the fewest', () => {
    vi.spyOn(log, 'warn').mockImplementation(() => {})
    vi.spyOn(log, 'error').mockImplementation(() => {})
    const { pool: webPool, started, killed, beating, listening } = pool({ most: 2, least: 2, killAfterMs: 5_000 })
    webPool.start()
    const healthy = started[0]!
    listening(healthy)
    const stuck = started[1]!
    listening(stuck)
    // A process stuck in a loop holds a core: no start beside it while `healthy` answers.
    beating(4_750, healthy)
    expect(started).toHaveLength(2)
    beating(250, healthy)
    expect(killed).toEqual([stuck.process.pid])
    stuck.dead = true
    webPool.exited(stuck, 'SIGKILL')
    expect(started).toHaveLength(3)
  })

  it('leaves a web process alone while it starts and while it retires, and kills one whose start never ends', () => {
    vi.spyOn(log, 'error').mockImplementation(() => {})
    const { pool: webPool, started, retired, killed, beating, listening } = pool({ most: 2, least: 1 })
    webPool.start()
    const first = started[0]!
    // No heartbeat while it loads: a slow start is not a stuck process.
    beating(30_000)
    expect(killed).toEqual([])
    listening(first)
    webPool.message(first, { type: 'busy' })
    const second = started[1]!
    listening(second)
    webPool.message(second, { type: 'idle', rssMb: 120 })
    expect(retired).toEqual([second.process.pid])
    // Finishing its requests, it is the primary's graceful stop, with its own deadline.
    beating(20_000, first)
    expect(killed).toEqual([])
    webPool.message(first, { type: 'busy' })
    const third = started[2]!
    beating(60_000, first)
    expect(killed).toEqual([third.process.pid])
  })

  it('hands the last process over to a fresh one when the load left it grown', () => {
    const { pool: webPool, started, retired, listening } = pool({ most: 2, least: 1 })
    webPool.start()
    listening(started[0]!)
    webPool.message(started[0]!, { type: 'idle', rssMb: 250 })
    expect(started).toHaveLength(2)
    expect(retired).toEqual([])
    listening(started[1]!)
    expect(retired).toEqual([started[0]!.process.pid])
  })

  it('kills nothing once the server is stopping', () => {
    const { pool: webPool, started, killed, beating, listening } = pool({ most: 2, least: 1 })
    webPool.start()
    listening(started[0]!)
    webPool.stop()
    beating(120_000)
    expect([started.length, killed.length]).toEqual([1, 0])
  })
})
