// Issue 43 (findings 1, 2 and 4): what rendering a member's heaviest content costs at the input
// limits, each case in a fresh process so its peak memory is its own: a chat message's table on the
// conversation page (react-markdown on the server) and in the PDF and Word exports, and the
// readiness report's action plan at MAX_TASKS tasks of MAX_TASK_TITLE characters.
import { spawnSync } from 'node:child_process'

import { RENDERING_CASES } from './rendering-probe'

export interface RenderingRow {
  case: string
  /** Each round's milliseconds; one round only when the first took past 5 s. */
  ms: number[]
  /** The same rounds in CPU time (user and system, the process's own threads included): what the machine's other load does not inflate. */
  cpuMs: number[]
  /** Characters of HTML for the page, bytes of the file for an export. */
  size: number
  maxRssMb: number
  /** Why the process ended without a result (before issue 43, a Word file ran out of heap), after how long. */
  failed?: { reason: string; afterMs: number }
}

export function measureRendering({ rounds = 5 } = {}): RenderingRow[] {
  return Object.keys(RENDERING_CASES).map((name) => {
    const started = performance.now()
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/rendering-probe.ts', name, String(rounds)],
      {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    )
    const result = child.stdout.trim().split('\n').at(-1)
    if (child.status === 0 && result) return { case: name, ...(JSON.parse(result) as Omit<RenderingRow, 'case'>) }
    const reason = /heap out of memory/.test(child.stderr)
      ? 'JavaScript heap out of memory'
      : (child.stderr.trim().split('\n').at(-1) ?? `ended by ${child.signal}`)
    return {
      case: name,
      ms: [],
      cpuMs: [],
      size: 0,
      maxRssMb: 0,
      failed: { reason, afterMs: performance.now() - started },
    }
  })
}
