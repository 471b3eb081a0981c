// Runs once (the js-off project skips *.js-only specs): it drives its own server processes, no page.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'

import { apiSignIn } from './support/api'
import { DEMO_PASSWORD } from './support/fixtures'
import { sessionCookie } from './support/login-form'
import { type AppProcess, startApp } from './support/server'

const MB = 1024 * 1024

interface Folders {
  dataDir: string
  /** The server's TMPDIR, its own: whatever it stages there is the server's. */
  temporary: string
}

function folders(): Folders {
  const root = mkdtempSync(path.join(tmpdir(), 'exit-planner-e2e-orphans-'))
  const [dataDir, temporary] = ['data', 'tmp'].map((name) => path.join(root, name))
  mkdirSync(temporary!)
  return { dataDir: dataDir!, temporary: temporary! }
}

/** Every regular file under `folder`, with its size (links not followed). */
function filesUnder(folder: string): Array<{ file: string; size: number }> {
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const entry = path.join(folder, name)
    const info = lstatSync(entry, { throwIfNoEntry: false })
    if (info?.isDirectory()) return filesUnder(entry)
    return info?.isFile() ? [{ file: entry, size: info.size }] : []
  })
}

/**
 * What the server has staged: the web pages' uploads (in its temporary folder, or under
 * DATA_DIR/uploads) and the file store's (DATA_DIR/files/incoming), wherever a version puts them.
 */
function staged({ dataDir, temporary }: Folders) {
  return {
    pages: [...filesUnder(temporary), ...filesUnder(path.join(dataDir, 'uploads'))],
    api: filesUnder(path.join(dataDir, 'files', 'incoming')),
  }
}

const bytesOf = (files: Array<{ size: number }>) => files.reduce((sum, { size }) => sum + size, 0)

/** The server's processes: `pid` and every process below it (its web processes). */
function processTree(pid: number) {
  const parents = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1')
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid]
  for (let index = 0; index < tree.length; index++) {
    for (const [child, parent] of parents) if (parent === tree[index]) tree.push(child)
  }
  return tree
}

/** The processes of the server that have one of `files` open: the ones writing them. */
function holdersOf(serverPid: number, files: string[]) {
  return processTree(serverPid).filter((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return files.includes(readlinkSync(`/proc/${pid}/fd/${fd}`))
        } catch {
          return false
        }
      })
    } catch {
      return false
    }
  })
}

/**
 * A multipart upload of a file that never ends: 4 MB are sent, then the client waits, as a slow line
 * would, until the process that is reading it is killed.
 */
function uploadThatNeverEnds(url: string, headers: Record<string, string>) {
  const boundary = 'never-ending-upload'
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  // Ends with the connection once the server's process is killed: expected, and nothing to report.
  request.on('error', () => {})
  request.on('response', (response) => response.resume())
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="data-room.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
  )
  for (let sent = 0; sent < 4 * MB; sent += 64 * 1024) request.write(Buffer.alloc(64 * 1024, 0x20))
  return request
}

/** Starts an upload through the documents page and one through /api/documents/, and waits until both are staged. */
async function uploadsInFlight(app: AppProcess, where: Folders) {
  const cookie = await sessionCookie(app.url, 'analyst', DEMO_PASSWORD)
  const { access } = await apiSignIn('analyst', DEMO_PASSWORD, app.url)
  const requests = [
    uploadThatNeverEnds(`${app.url}/documents`, { cookie, origin: app.url }),
    uploadThatNeverEnds(`${app.url}/api/documents/`, { authorization: `Bearer ${access}` }),
  ]
  await expect
    .poll(() => {
      const { pages, api } = staged(where)
      return bytesOf(pages) >= MB && bytesOf(api) >= MB
    })
    .toBe(true)
  return requests
}

test.describe('uploads in flight when a process is killed', () => {
  let where: Folders
  let app: AppProcess | undefined
  test.beforeEach(() => {
    where = folders()
  })
  test.afterEach(async () => {
    await app?.terminate()
    app = undefined
    rmSync(path.dirname(where.dataDir), { recursive: true, force: true })
  })

  test('a web process killed mid-upload leaves nothing staged once another has started in its place', async () => {
    test.setTimeout(300_000)
    const server = await startApp(where.dataDir, {
      TMPDIR: where.temporary,
      WEB_CONCURRENCY: '2',
      WEB_MIN_PROCESSES: '2',
    })
    app = server
    const requests = await uploadsInFlight(server, where)
    const { pages, api } = staged(where)
    const holders = holdersOf(
      server.pid,
      [...pages, ...api].map(({ file }) => file),
    )
    // Web processes hold them, never the primary, which serves no HTTP.
    expect(holders.length).toBeGreaterThan(0)
    expect(holders).not.toContain(server.pid)
    for (const pid of holders) process.kill(pid, 'SIGKILL')

    await expect.poll(() => staged(where), { timeout: 120_000 }).toEqual({ pages: [], api: [] })
    // The server serves on, with the replacements once they listen (their sweep at start may come first).
    await expect
      .poll(
        () =>
          fetch(`${server.url}/login`).then(
            (response) => response.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200)
    for (const request of requests) request.destroy()
  })

  test('a server in one process killed mid-upload removes what it staged when it starts again', async () => {
    test.setTimeout(300_000)
    app = await startApp(where.dataDir, { TMPDIR: where.temporary, WEB_CONCURRENCY: '1' })
    const requests = await uploadsInFlight(app, where)
    const { pages, api } = staged(where)
    expect(
      holdersOf(
        app.pid,
        [...pages, ...api].map(({ file }) => file),
      ),
    ).toEqual([app.pid])
    await app.kill()
    for (const request of requests) request.destroy()
    // The kill left them: nothing ran to remove them.
    expect(bytesOf(staged(where).pages)).toBeGreaterThanOrEqual(MB)
    expect(bytesOf(staged(where).api)).toBeGreaterThanOrEqual(MB)

    app = await startApp(where.dataDir, { TMPDIR: where.temporary, WEB_CONCURRENCY: '1' })
    await expect.poll(() => staged(where), { timeout: 60_000 }).toEqual({ pages: [], api: [] })
  })
})
