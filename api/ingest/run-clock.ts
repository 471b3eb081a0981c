import { canWatchProcesses, cpuTimeMs } from './process-usage'

// A reader's run limit (EXTRACTION_TIMEOUT_SECONDS) counts the CPU time the reader used, not the
// clock's: readers run below the web processes (a higher nice value, decision 090), so on a busy
// server the clock would fail a document for other work. The clock still ends a run at this many
// times the limit, so a reader that is starved of the cores, or waits for ever, ends all the same.
// Where the reader's CPU time cannot be read from outside (no /proc), the limit is the clock's.
export const WALL_LIMIT_FACTOR = canWatchProcesses ? 3 : 1

/** What a run has spent of its limit, in ms: its CPU time or its clock time over WALL_LIMIT_FACTOR. */
export type RunClock = () => number

const spent = (cpuMs: number, wallMs: number) => Math.max(cpuMs, wallMs / WALL_LIMIT_FACTOR)

/** A run's clock as the reader keeps it, from now: its own process's CPU time. */
export function startOwnRunClock(): RunClock {
  const cpuAtStart = process.cpuUsage()
  const wallAtStart = performance.now()
  return () => {
    const cpu = process.cpuUsage(cpuAtStart)
    return spent(canWatchProcesses ? (cpu.user + cpu.system) / 1000 : 0, performance.now() - wallAtStart)
  }
}

/** A run's clock as the server keeps it for another process, from now. */
export function startRunClockOf(pid: number): RunClock {
  const cpuAtStart = cpuTimeMs(pid) ?? 0
  const wallAtStart = performance.now()
  // A process that has ended spends nothing more of its CPU time.
  return () => spent((cpuTimeMs(pid) ?? cpuAtStart) - cpuAtStart, performance.now() - wallAtStart)
}
