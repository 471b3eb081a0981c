import type { Server } from 'node:http'
import { performance } from 'node:perf_hooks'

/** How busy a web process's event loop must have been over half a second for the primary to add another. */
export const BUSY_UTILIZATION = 0.5
/** How long a web process goes without a request in flight before it offers to retire. */
export const RETIRE_AFTER_IDLE_MS = 30_000

/**
 * Tells the primary when this web process is saturated (its event loop busy for at least
 * `BUSY_UTILIZATION` of the last `sampleMs`) and when it has had no request in flight for `idleMs`, so
 * web processes start when load comes and go when it ends (decision 016). A request counts until
 * its response closes, so a streamed chat answer keeps its process.
 */
export function signalLoad(
  server: Server,
  { busy, idle }: { busy: () => void; idle: () => void },
  { idleMs = RETIRE_AFTER_IDLE_MS, sampleMs = 500 } = {},
) {
  let inFlight = 0
  let idleTimer: NodeJS.Timeout | undefined
  const waitForIdle = () => {
    idleTimer = setTimeout(idle, idleMs).unref()
  }
  server.on('request', (_request, response) => {
    inFlight += 1
    clearTimeout(idleTimer)
    response.once('close', () => {
      inFlight -= 1
      if (inFlight === 0) waitForIdle()
    })
  })
  let last = performance.eventLoopUtilization()
  const sampler = setInterval(() => {
    const now = performance.eventLoopUtilization()
    if (performance.eventLoopUtilization(now, last).utilization >= BUSY_UTILIZATION) busy()
    last = now
  }, sampleMs).unref()
  // A process started for a burst that has already passed retires like any other.
  waitForIdle()
  return {
    stop() {
      clearInterval(sampler)
      clearTimeout(idleTimer)
    },
  }
}
