import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { freePort, SERVER_ARGS } from './app-process'

/** Spawns `npm start`'s script and times its first 200 on /login (built beforehand, so no build). */
async function timeOneStart(dataDir: string) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: 'ignore',
  })
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/login`).then(
        (response) => response.status === 200,
        () => false,
      )
      if (ok) return performance.now() - started
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! }
}

/** Cold: empty DATA_DIR (migrations, secrets, demo seed with argon2 hashes). Warm: restart on it. */
export async function measureStartup(runs = 3) {
  const cold: number[] = []
  const warm: number[] = []
  for (let run = 0; run < runs; run++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'))
    try {
      cold.push(await timeOneStart(dataDir))
      warm.push(await timeOneStart(dataDir))
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  return { cold: summary(cold), warm: summary(warm) }
}
