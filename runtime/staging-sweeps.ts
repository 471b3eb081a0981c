import { log } from './log'

/** Why a sweep removed something. */
export type SweptReason = 'owner gone' | 'left too long' | 'earlier version'

export interface SweptEntry {
  /** Where it was, as the sweep names it (a path, or an object's key). */
  name: string
  bytes: number
  reason: SweptReason
}

/** Something that stages uploads and can remove what no live request owns. */
export interface Sweepable {
  /** One per place: two sweepers of the same place in one process run as one. */
  id: string
  /** Between two sweeps; SWEEP_EVERY_MS unless set. */
  everyMs?: number
  /** `now` is when the sweep takes itself to run, to judge ages by. */
  sweep(now?: number): Promise<SweptEntry[]>
}

/**
 * A process that stages uploads sweeps where it stages at start and then every minute (decision
 * 048): a process killed mid-upload leaves its staged bytes behind, and a process that outlives it
 * (its replacement, its primary, a sibling) removes them within the minute.
 */
export const SWEEP_EVERY_MS = 60_000

interface Running {
  holders: number
  timer: NodeJS.Timeout
}

const key = Symbol.for('exit-planning.staging-sweeps')
// One registry across the server entry and the Remix bundle, which load this file separately: the
// web tier and the backend in one process sweep a shared place once, not twice.
const running = ((globalThis as Record<symbol, unknown>)[key] ??= new Map<string, Running>()) as Map<string, Running>

/**
 * Sweeps `place` now and then every minute (or its `everyMs`) until every holder has called the stop
 * it was given. The timer never keeps the process alive; passes never overlap; a failed pass is
 * logged and the next one tried.
 */
export function keepSwept(place: Sweepable): () => void {
  let entry = running.get(place.id)
  if (!entry) {
    let busy = false
    const pass = async () => {
      if (busy) return
      busy = true
      try {
        report(place.id, await place.sweep())
      } catch (error) {
        log.warn({ err: error, place: place.id }, 'could not sweep staged uploads')
      } finally {
        busy = false
      }
    }
    entry = { holders: 0, timer: setInterval(pass, place.everyMs ?? SWEEP_EVERY_MS).unref() }
    running.set(place.id, entry)
    void pass()
  }
  entry.holders++
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    const current = running.get(place.id)
    if (current && --current.holders === 0) {
      clearInterval(current.timer)
      running.delete(place.id)
    }
  }
}

function report(place: string, removed: SweptEntry[]) {
  if (removed.length === 0) return
  const bytes = removed.reduce((sum, entry) => sum + entry.bytes, 0)
  const count = (reason: SweptReason) => removed.filter((entry) => entry.reason === reason).length
  const fields = {
    place,
    removed: removed.length,
    bytes,
    ownerGone: count('owner gone'),
    leftTooLong: count('left too long'),
    earlierVersion: count('earlier version'),
    first: removed.slice(0, 5).map((entry) => entry.name),
  }
  const message = `removed ${removed.length} staged uploads (${(bytes / 2 ** 20).toFixed(1)} MB) that no live request owned`
  // Staged files a live process left for a day are a leak in our code, not a process that died.
  if (fields.leftTooLong) log.warn(fields, message)
  else log.info(fields, message)
}
