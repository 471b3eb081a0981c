import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sessionCookie } from '../../tests/e2e/support/login-form'
import {
  type Answer,
  killLines,
  pollAsAnotherUser,
  prepareAttacks,
  quantile,
  replay,
} from '../../tests/support/heavy-requests'
import { measureOutputs, type OutputRun } from './abuse-outputs'
import { apiToken, freePort, ORGANIZATION, PASSWORD, root, SERVER_ARGS, start, stop, waitFor } from './app-process'

export interface AbuseRun {
  finding: string
  /** Web processes the watchdog killed while the finding was replayed. */
  kills: number
  /** Another user's requests (health and dashboard every 250 ms) that failed, of all sent. */
  theirFailed: number
  theirRequests: number
  theirP50Ms: number
  theirP99Ms: number
  theirMaxMs: number
  /** How the replayed requests were answered ("200 ×3, 429 ×1") and the slowest. */
  outcomes: string
  slowestMs: number
}

const tally = (answers: Answer[]) =>
  Object.entries(
    answers.reduce<Record<string, number>>((counts, answer) => {
      const key = String(answer.outcome)
      counts[key] = (counts[key] ?? 0) + 1
      return counts
    }, {}),
  )
    .map(([outcome, count]) => `${outcome} ×${count}`)
    .join(', ')

/**
 * Issue 43's findings 1-4 replayed against `npm start` (in `appDir`, another checkout for a
 * before-and-after) with its defaults, each finding alone and then all together, while another user
 * polls /api/health/ and their dashboard every 250 ms on new connections: kills, that user's failed
 * requests and latencies, and what the replayed requests were answered; then findings 8 and 9 on
 * the same server (./abuse-outputs.ts).
 */
export async function measureAbuse({ appDir = root, rounds = 3 } = {}): Promise<{
  runs: AbuseRun[]
  outputs: OutputRun
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exit-planning-bench-abuse-'))
  const port = await freePort()
  const base = `http://localhost:${port}`
  const server = start(
    process.execPath,
    SERVER_ARGS,
    { NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
    appDir,
  )
  try {
    await waitFor(`${base}/login`, server.child, server.output)
    const attacks = await prepareAttacks(base, { username: 'analyst', password: PASSWORD, organization: ORGANIZATION })
    const cookie = await sessionCookie(base, 'member', PASSWORD)
    const runs: AbuseRun[] = []
    for (const attack of [...attacks.map((one) => [one]), attacks]) {
      const killsBefore = killLines(server.output()).length
      const poller = pollAsAnotherUser(base, cookie)
      const sent = await replay(base, attack, rounds)
      const theirs = await poller.stop()
      const run: AbuseRun = {
        finding: attack.length === 1 ? attack[0]!.finding : 'all four, one after another',
        kills: killLines(server.output()).length - killsBefore,
        theirFailed: theirs.filter((answer) => answer.outcome !== 200).length,
        theirRequests: theirs.length,
        theirP50Ms: quantile(theirs, 0.5),
        theirP99Ms: quantile(theirs, 0.99),
        theirMaxMs: quantile(theirs, 1),
        outcomes: tally(sent),
        slowestMs: quantile(sent, 1),
      }
      console.log(
        `  ${run.finding}: ${run.kills} killed, their ${run.theirFailed}/${run.theirRequests} failed, p99 ${Math.round(run.theirP99Ms)} ms; sent ${run.outcomes}`,
      )
      runs.push(run)
    }
    const outputs = await measureOutputs(base, await apiToken(base, 'analyst'), ORGANIZATION)
    return { runs, outputs }
  } finally {
    await stop(server.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
