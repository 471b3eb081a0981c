/** How often a web process tells its primary that its event loop still runs. */
export const HEARTBEAT_MS = 250
/**
 * Silence after which a web process is no longer counted as serving (decision 028): six heartbeats
 * missed, far beyond a page's render or a major collection, and short enough that a replacement
 * starts before many connections queue.
 */
export const STALLED_AFTER_MS = 1_500

/**
 * The web process's side: a beat from a timer, so it stops exactly when the event loop stops
 * answering (a synchronous loop, a process stopped by a signal). It goes on through a graceful stop,
 * so a process draining its requests is never taken for a stuck one.
 */
export function sendHeartbeats(beat: () => void, everyMs = HEARTBEAT_MS) {
  const timer = setInterval(beat, everyMs).unref()
  return { stop: () => clearInterval(timer) }
}

export interface HeartbeatWatchOptions<P> {
  /** Silence after which `stalled` is called (the process stops being counted). */
  stalledAfterMs?: number
  /** Silence after which `silent` is called, on every tick until the process is forgotten or answers. */
  killAfterMs: number
  stalled(process: P, silentMs: number): void
  recovered(process: P, silentMs: number): void
  silent(process: P, silentMs: number): void
  tickMs?: number
}

/**
 * The primary's side: how long each watched web process has gone without a heartbeat. Silence
 * accrues only while the primary's own event loop runs (at most two ticks for one turn of it): a
 * primary held up by a long task of its own, or by a machine that stopped scheduling it, reads the
 * heartbeats queued meanwhile after its next tick, and must not take every web process for a stuck
 * one because of its own delay.
 */
export function watchHeartbeats<P>({
  stalledAfterMs = STALLED_AFTER_MS,
  killAfterMs,
  stalled,
  recovered,
  silent,
  tickMs = HEARTBEAT_MS,
}: HeartbeatWatchOptions<P>) {
  const silence = new Map<P, { ms: number; stalled: boolean }>()
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    const elapsed = Math.min(now - last, 2 * tickMs)
    last = now
    for (const [process, state] of silence) {
      state.ms += elapsed
      if (state.ms >= killAfterMs) silent(process, state.ms)
      else if (!state.stalled && state.ms >= stalledAfterMs) {
        state.stalled = true
        stalled(process, state.ms)
      }
    }
  }, tickMs).unref()
  return {
    /** Starts watching a process, as if it had just sent a heartbeat (it has just started listening). */
    watch(process: P) {
      silence.set(process, { ms: 0, stalled: false })
    },
    /** A heartbeat; one from a process not watched (still starting, retiring) is ignored. */
    beat(process: P) {
      const state = silence.get(process)
      if (!state) return
      if (state.stalled) recovered(process, state.ms)
      state.ms = 0
      state.stalled = false
    },
    forget(process: P) {
      silence.delete(process)
    },
    stop() {
      clearInterval(timer)
      silence.clear()
    },
  }
}
