import { readFileSync } from 'node:fs'

import { residentMemoryMb } from '../../api/ingest/process-usage'

const children = () =>
  readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)

/** Whether the process runs: a zombie (killed, not yet reaped) has no command line left. */
export function isRunning(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`).length > 0
  } catch {
    return false
  }
}

/** The document reader processes this process has started (api/ingest/extraction-pool.ts) that still run. */
export function readerProcesses(): number[] {
  return children().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('extraction-process')
    } catch {
      return false
    }
  })
}

/** The resident memory of this process and of the processes it started, in MB. */
export function residentMemoryWithChildrenMb() {
  return [process.pid, ...children()].reduce((sum, pid) => sum + (residentMemoryMb(pid) ?? 0), 0)
}
