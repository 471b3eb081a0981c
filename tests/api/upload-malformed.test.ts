import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { DEMO_PASSWORD } from './support/harness'

const CUT_OFF = 'The upload was cut off or is not valid multipart/form-data.'
// The review's reproduction, byte for byte: the body ends inside the file, with no closing boundary.
const TRUNCATED = '--XB\r\nContent-Disposition: form-data; name="file"; filename="t.txt"\r\n\r\nhello'

interface RunningApi {
  url: string
  dataDir: string
  child: ChildProcess
  output: () => string
}

/** The API on its own (`npm run start:api`) in a child process: a crash there ends that process, not the test. */
async function startApiProcess(): Promise<RunningApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-malformed-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/api-process.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      API_PORT: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      JOB_WORKER: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const port = await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the API exited while starting:\n${output}`)
      const match = /API listening on http:\/\/localhost:(\d+)/.exec(output)
      if (!match) throw new Error('not listening yet')
      return match[1]
    },
    { timeout: 60_000, interval: 50 },
  )
  return { url: `http://127.0.0.1:${port}/api`, dataDir, child, output: () => output }
}

let server: RunningApi
let access: string

beforeAll(async () => {
  server = await startApiProcess()
  const response = await fetch(`${server.url}/token/obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'analyst', password: DEMO_PASSWORD }),
  })
  access = ((await response.json()) as { access: string }).access
}, 90_000)

afterAll(async () => {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
  }
  rmSync(server.dataDir, { recursive: true, force: true })
})

const auth = () => ({ authorization: `Bearer ${access}` })
/** The files staged under files/incoming (in the process's staging folder there), by name. */
const incoming = () => {
  try {
    return readdirSync(path.join(server.dataDir, 'files', 'incoming'), { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name)
  } catch {
    return []
  }
}

function postMultipart(route: string, body: string) {
  return fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=XB' },
    body,
  })
}

/** The process is alive and still serving: it answers the next request as usual. */
async function expectStillServing() {
  expect(server.child.exitCode, server.output()).toBeNull()
  const next = await fetch(`${server.url}/documents/`, { headers: auth() })
  expect(next.status).toBe(200)
}

async function uploadText(name: string, text: string) {
  const body = new FormData()
  body.append('file', new Blob([text], { type: 'text/plain' }), name)
  const response = await fetch(`${server.url}/documents/`, { method: 'POST', headers: auth(), body })
  expect(response.status).toBe(201)
  return (await response.json()) as { id: number }
}

describe('an upload whose body ends without its closing boundary', () => {
  it('answers 400 with a clear message, and the server answers the next request', async () => {
    const response = await postMultipart('/documents/', TRUNCATED)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ detail: CUT_OFF })
    await expectStillServing()
    expect(incoming()).toEqual([])
  })

  it('answers 400 on a batch upload and on a new version too', async () => {
    const document = await uploadText('board.txt', 'Board minutes.')
    const batch = TRUNCATED.replace('name="file"', 'name="files"')
    for (const [route, body] of [
      ['/documents/upload_batch/', batch],
      [`/documents/${document.id}/versions/`, TRUNCATED],
    ] as const) {
      const response = await postMultipart(route, body)
      expect(response.status, route).toBe(400)
      expect(await response.json()).toEqual({ detail: CUT_OFF })
    }
    await expectStillServing()
    const versions = await (await fetch(`${server.url}/documents/${document.id}/versions/`, { headers: auth() })).json()
    expect(versions).toHaveLength(1)
  })

  it('removes the part of a large file already written to storage', async () => {
    const large = `${TRUNCATED}${'a'.repeat(3 * 1024 * 1024)}`
    const response = await postMultipart('/documents/', large)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ detail: CUT_OFF })
    expect(incoming()).toEqual([])
    await expectStillServing()
  })

  it('keeps no file of an earlier, complete part of the same body', async () => {
    const complete =
      '--XB\r\nContent-Disposition: form-data; name="files"; filename="one.txt"\r\nContent-Type: text/plain\r\n\r\nFirst file.\r\n'
    const before = (await (await fetch(`${server.url}/documents/`, { headers: auth() })).json()).count
    const response = await postMultipart(
      '/documents/upload_batch/',
      `${complete}${TRUNCATED.replace('name="file"', 'name="files"')}`,
    )
    expect(response.status).toBe(400)
    expect((await (await fetch(`${server.url}/documents/`, { headers: auth() })).json()).count).toBe(before)
    expect(incoming()).toEqual([])
  })
})

describe('other malformed upload bodies', () => {
  it.each([
    ['part headers without a blank line', '--XB\r\nContent-Disposition: form-data; name="file"; filename="t.txt"'],
    ['an empty body', ''],
    ['a body with no boundary at all', 'just some bytes'],
  ])('answers 400 to %s', async (_case, body) => {
    const response = await postMultipart('/documents/', body)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ detail: CUT_OFF })
    await expectStillServing()
  })

  it('answers 400 to a multipart content type without a boundary', async () => {
    const response = await fetch(`${server.url}/documents/`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'multipart/form-data' },
      body: TRUNCATED,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).detail).toMatch(/not valid multipart\/form-data/)
    await expectStillServing()
  })
})

describe('a client that goes away in the middle of a file', () => {
  it('leaves no partial file and no crashed server', async () => {
    const head =
      '--XB\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n'
    const { port } = new URL(server.url)
    const socket = connect(Number(port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.on('error', () => {})
    socket.write(
      [
        'POST /api/documents/ HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${access}`,
        'Content-Type: multipart/form-data; boundary=XB',
        // Announces far more than is ever sent: the server is mid-file when the connection drops.
        `Content-Length: ${20 * 1024 * 1024}`,
        '',
        head,
      ].join('\r\n'),
    )
    socket.write('a'.repeat(256 * 1024))
    // The file is being written to storage: only now is a partial file there to be left behind.
    await vi.waitFor(() => expect(incoming()).toHaveLength(1), { timeout: 10_000, interval: 20 })
    socket.destroy()
    await vi.waitFor(() => expect(incoming()).toEqual([]), { timeout: 10_000, interval: 20 })
    await expectStillServing()
  })
})
