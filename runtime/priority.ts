import os from 'node:os'

// The least priority there is: the highest nice value.
const LEAST_PRIORITY = 19

/**
 * Runs another process `steps` nice steps below this one (Linux: its main thread, and the threads
 * it starts from then on). Where that is not allowed (another system) it runs as it is; a process
 * that already ended is left to its owner, who hears of it.
 */
export function runBelow(pid: number, steps: number) {
  try {
    os.setPriority(pid, Math.min(LEAST_PRIORITY, os.getPriority() + steps))
  } catch {
    // Not allowed here, or the process has ended: it runs as it is.
  }
}
