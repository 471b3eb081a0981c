import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface AppProcess {
  url: string
  /** The server's process (the primary, when it runs several web processes). */
  pid: number
  /** Everything the process printed so far. */
  output(): string
  /** Kills the process at once (SIGKILL), as the OOM killer or a crash would, and waits until it has gone. */
  kill(): Promise<void>
  /** Sends SIGTERM and answers how long the process took to exit, and its exit code. */
  terminate(): Promise<{ exitMs: number; code: number | null }>
}

/**
 * Starts the built app as `npm start` does, on a free port and the given DATA_DIR, so a test can
 * stop it and start it again on the same data.
 */
export async function startApp(dataDir: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://localhost:${port}`
  // A first start creates the database (a few seconds, many more on a loaded CI machine): the test
  // or hook that starts a server gets the time the wait below allows, not only the default 30 s.
  test.info().setTimeout(Math.max(test.info().timeout, 150_000))
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
        return fetch(`${url}/login`)
          .then((response) => response.status)
          .catch(() => 0)
      },
      { timeout: 120_000, intervals: [100] },
    )
    .toBe(200)
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
    async terminate() {
      const sent = Date.now()
      if (child.exitCode === null) child.kill('SIGTERM')
      const code = child.exitCode ?? (await exited)
      return { exitMs: Date.now() - sent, code }
    },
  }
}

export interface StartedServer {
  url: string
  dataDir: string
  /** Everything the process printed so far. */
  output(): string
  stop(): Promise<void>
}

/** Starts the built app with extra environment on a free port and an empty DATA_DIR, removed on stop. */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planner-e2e-extra-'))
  const app = await startApp(dataDir, { LOGIN_MAX_FAILURES_PER_ADDRESS: '100000', ...env })
  return {
    url: app.url,
    dataDir,
    output: app.output,
    async stop() {
      await app.terminate()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
