import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { ask } from '../../tests/support/heavy-requests'
import { apiToken, freePort, PASSWORD, root, SERVER_ARGS, start, stop, waitFor } from './app-process'

/**
 * Issue 43's findings 5 and 6, which are about processes rather than requests: what new visitors
 * get while a web process is frozen and then killed, and what an upload in flight leaves on disk
 * when its server is killed.
 */

function server(appDir: string, dataDir: string, env: Record<string, string> = {}) {
  return freePort().then((port) => {
    const started = start(
      process.execPath,
      SERVER_ARGS,
      { NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, ...env },
      appDir,
    )
    return { ...started, base: `http://localhost:${port}` }
  })
}

export interface FrozenRun {
  /** New connections opened, one every 100 ms for 10 s from the freeze. */
  connections: number
  answered: number
  /** Connections with no answer within 30 s. */
  hanging: number
  slowestAnsweredMs: number
}

/**
 * Finding 5: two web processes, one stopped (SIGSTOP, as a loop stuck in one request) until the
 * watchdog kills it; a new visitor's connection every 100 ms for 10 s, each given 30 s.
 */
export async function measureFrozenProcess({ appDir = root } = {}): Promise<FrozenRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exit-planning-bench-frozen-'))
  const app = await server(appDir, dataDir, { WEB_CONCURRENCY: '2', WEB_MIN_PROCESSES: '2', LOG_LEVEL: 'info' })
  const webProcesses = () =>
    app
      .output()
      .split('\n')
      .filter((line) => line.includes('"startMs"'))
      .map((line) => (JSON.parse(line) as { webProcess: number }).webProcess)
  let frozen: number | undefined
  try {
    await waitFor(`${app.base}/login`, app.child, app.output)
    while (webProcesses().length < 2) await new Promise((resolve) => setTimeout(resolve, 100))
    frozen = webProcesses()[0]!
    process.kill(frozen, 'SIGSTOP')
    const pending: Array<ReturnType<typeof ask>> = []
    for (let sent = 0; sent < 100; sent++) {
      pending.push(ask(app.base, '/api/health/', { timeoutMs: 30_000 }))
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const answers = await Promise.all(pending)
    const answered = answers.filter((answer) => answer.outcome === 200)
    return {
      connections: answers.length,
      answered: answered.length,
      hanging: answers.filter((answer) => String(answer.outcome).startsWith('no answer')).length,
      slowestAnsweredMs: Math.max(0, ...answered.map((answer) => answer.ms)),
    }
  } finally {
    if (frozen) {
      try {
        process.kill(frozen, 'SIGCONT')
      } catch {
        // killed by the watchdog, as it should be
      }
    }
    await stop(app.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export interface KilledUploadRun {
  /** Bytes of uploads in flight staged on disk when the server was killed. */
  stagedMb: number
  /** What was still staged a minute after the server started again (its sweep's time). */
  leftMb: number
}

function stagedBytes(folder: string): number {
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return 0
  }
  return names.reduce((sum, name) => {
    const info = lstatSync(path.join(folder, name), { throwIfNoEntry: false })
    if (info?.isDirectory()) return sum + stagedBytes(path.join(folder, name))
    return sum + (info?.isFile() ? info.size : 0)
  }, 0)
}

/** An upload to the API that sends `bytes` of its file and then waits for ever. */
function uploadThatStalls(base: string, token: string, bytes: number) {
  const boundary = 'bench-boundary'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  const request = http.request(`${base}/api/documents/`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + 40 * 2 ** 20),
    },
  })
  request.on('error', () => {})
  request.write(head)
  request.write(Buffer.alloc(bytes, 0x25))
  return request
}

/**
 * Finding 6: four uploads in flight, 8 MB each of 40 staged, when the whole server is killed
 * (SIGKILL); then the server is started again on the same data and given a minute.
 */
export async function measureKilledUpload({ appDir = root } = {}): Promise<KilledUploadRun> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'exit-planning-bench-orphans-'))
  const dataDir = path.join(folder, 'data')
  const temporary = path.join(folder, 'tmp')
  mkdirSync(temporary)
  // Wherever a version stages: the file store's incoming, the pages' uploads, scratch copies, TMPDIR.
  const staged = () =>
    [['files', 'incoming'], ['uploads'], ['scratch']]
      .map((parts) => stagedBytes(path.join(dataDir, ...parts)))
      .reduce((sum, bytes) => sum + bytes, stagedBytes(temporary)) /
    2 ** 20
  const env = { TMPDIR: temporary, WEB_CONCURRENCY: '1' }
  try {
    const first = await server(appDir, dataDir, env)
    await waitFor(`${first.base}/login`, first.child, first.output)
    const token = await apiToken(first.base, 'analyst')
    const before = staged()
    const requests = Array.from({ length: 4 }, () => uploadThatStalls(first.base, token, 8 * 2 ** 20))
    while (staged() - before < 30) await new Promise((resolve) => setTimeout(resolve, 100))
    const stagedMb = staged() - before
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    for (const request of requests) request.destroy()
    const second = await server(appDir, dataDir, env)
    await waitFor(`${second.base}/login`, second.child, second.output)
    const deadline = Date.now() + 60_000
    while (staged() - before > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500))
    const leftMb = Math.max(0, staged() - before)
    await stop(second.child)
    return { stagedMb, leftMb }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
