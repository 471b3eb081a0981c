import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'

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

export interface StartedServer {
  url: string
  dataDir: string
  stop(): Promise<void>
}

/** Starts the built app as `npm start` does, with extra environment, on a free port and an empty DATA_DIR. */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planner-e2e-extra-'))
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOGIN_MAX_FAILURES_PER_ADDRESS: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `http://localhost:${port}`
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
        return fetch(`${url}/login`).then((response) => response.status).catch(() => 0)
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(200)
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
