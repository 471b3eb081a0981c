import { rollupMb } from './app-process'

export interface Reading {
  rss: number
  pss: number
}

export interface RoleMemory {
  /** One reading just before the load. */
  idle: Reading
  /** The highest RSS seen while sampling, and the highest PSS (not necessarily the same moment). */
  peak: Reading
}

/**
 * Reads the memory of named groups of processes (each a role: a web instance, a worker, the
 * database) every `everyMs` until stopped, keeping each role's peak and the peak of all of them
 * read in the same instant. `pids` is asked again on every reading, so a role's web processes
 * that start and retire under the load are counted while they live.
 */
export function sampleMemory(roles: Record<string, () => number[]>, everyMs = 250) {
  const read = () => {
    const readings = Object.fromEntries(Object.entries(roles).map(([name, pids]) => [name, rollupMb(pids())]))
    const all = Object.values(readings).reduce(
      (sum, reading) => ({ rss: sum.rss + reading.rss, pss: sum.pss + reading.pss }),
      {
        rss: 0,
        pss: 0,
      },
    )
    return { ...readings, all } as Record<string, Reading>
  }
  const idle = read()
  const peak: Record<string, Reading> = structuredClone(idle)
  const timer = setInterval(() => {
    for (const [name, reading] of Object.entries(read())) {
      peak[name] = { rss: Math.max(peak[name]!.rss, reading.rss), pss: Math.max(peak[name]!.pss, reading.pss) }
    }
  }, everyMs)
  return {
    stop(): Record<string, RoleMemory> {
      clearInterval(timer)
      return Object.fromEntries(Object.keys(idle).map((name) => [name, { idle: idle[name]!, peak: peak[name]! }]))
    },
  }
}
