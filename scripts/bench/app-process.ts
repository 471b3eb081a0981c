import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

import { cpuTimeMs, statFields, USER_HZ } from '../../api/ingest/process-usage'
import { loginFormFields } from '../../tests/e2e/support/login-form'

/** Our server as the benchmarks run it: `scripts/start.mjs`, the demo organization, this password. */
export const root = fileURLToPath(new URL('../..', import.meta.url))
export const ORGANIZATION = 'demo-advisory-group'
export const PASSWORD = 'bench-password'
/** The node arguments `npm start` runs the server with (package.json), so a benchmark runs it the same way. */
export const SERVER_ARGS = (JSON.parse(readFileSync(`${root}/package.json`, 'utf8')).scripts.start as string)
  .split(/\s+/)
  .filter((word) => !/^\w+=/.test(word))
  .slice(1)

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

export async function waitFor(url: string, child: ChildProcess, output: () => string) {
  for (let tries = 0; tries < 1200; tries++) {
    if (child.exitCode !== null) throw new Error(`${url} exited early:\n${output()}`)
    const status = await fetch(url)
      .then((response) => response.status)
      .catch(() => 0)
    if (status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer 200 within two minutes:\n${output()}`)
}

export function start(command: string, args: string[], env: Record<string, string>, cwd = root) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return { child, output: () => output }
}

export function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** A process and its descendants (a server in several web processes), from /proc (Linux). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const parent = Number(statFields(Number(entry))[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [pid]
  for (let index = 0; index < tree.length; index++) tree.push(...(children.get(tree[index]!) ?? []))
  return tree
}

/**
 * CPU time, in milliseconds, of a process and all under it, counting those that ended and were
 * waited for (their time is then their parent's cutime and cstime, proc(5)) and those that started
 * since: a sum over the tree of one moment loses a worker that exits while it is measured, and takes
 * back all it had used before.
 */
export function treeCpuMs(pid: number) {
  let ticks = 0
  for (const member of processTree(pid)) {
    try {
      const fields = statFields(member)
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
    } catch {
      // the process ended while we looked: its parent counts it once it has waited for it
    }
  }
  return (ticks * 1000) / USER_HZ
}

/** CPU time the processes have used, user and system, in milliseconds. */
export function cpuMs(pids: number[]) {
  // A process that ended while we looked counts nothing.
  return pids.reduce((sum, pid) => sum + (cpuTimeMs(pid) ?? 0), 0)
}

/**
 * The memory of a server and its web processes, in MB: resident (RSS, each process counted whole)
 * and proportional (PSS: pages shared between them, such as Node's own code, counted once in all),
 * from /proc (Linux). PSS is what the processes together take from the machine.
 */
export function memoryMb(pid: number) {
  const tree = processTree(pid)
  return { ...rollupMb(tree), processes: tree.length }
}

/** RSS and PSS of these processes together, in MB (as above, for a chosen set of processes). */
export function rollupMb(pids: number[]) {
  let rss = 0
  let pss = 0
  for (const member of pids) {
    try {
      const rollup = readFileSync(`/proc/${member}/smaps_rollup`, 'utf8')
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
    } catch {
      // the process ended while we looked
    }
  }
  return { rss: Math.round(rss / 1024), pss: Math.round(pss / 1024) }
}

export async function apiToken(base: string, username: string, password = PASSWORD) {
  const response = await fetch(`${base}/api/token/obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  if (!response.ok) throw new Error(`token for ${username}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access: string }).access
}

/** Uploads the documents through the API and waits until the worker has processed every one. */
export async function seedDocuments(base: string, texts: string[]) {
  const access = await apiToken(base, 'analyst')
  const headers = { authorization: `Bearer ${access}`, 'x-organization': ORGANIZATION }
  const ids: number[] = []
  for (const [index, text] of texts.entries()) {
    const body = new FormData()
    body.append('title', `Annual report extract ${index + 1}`)
    body.append('file', new Blob([text], { type: 'text/plain' }), `report-${index + 1}.txt`)
    const response = await fetch(`${base}/api/documents/`, { method: 'POST', headers, body })
    if (response.status !== 201) throw new Error(`upload ${index + 1}: ${response.status} ${await response.text()}`)
    ids.push(((await response.json()) as { id: number }).id)
  }
  for (const id of ids) {
    if ((await documentSettled(base, headers, id)) === 'failed') throw new Error(`document ${id} failed to process`)
  }
  return ids.length
}

/** Waits until the job worker has processed the document or given up on it, and answers which. */
export async function documentSettled(base: string, headers: Record<string, string>, id: number) {
  for (;;) {
    const response = await fetch(`${base}/api/documents/${id}/`, { headers })
    const status = ((await response.json()) as { processing_status: string }).processing_status
    if (status === 'processed' || status === 'failed') return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** How many documents the organization already holds (a kept data folder from an earlier run). */
export async function documentCount(base: string) {
  const access = await apiToken(base, 'analyst')
  const response = await fetch(`${base}/api/documents/?page_size=1`, {
    headers: { authorization: `Bearer ${access}`, 'x-organization': ORGANIZATION },
  })
  return ((await response.json()) as { count: number }).count
}

/**
 * Signs in through the real login form (honeypot fields included), follows the redirect to the page
 * it lands on as a browser does (which reads and clears the sign-in's flash), and answers the cookies
 * the browser then holds.
 */
export async function sessionCookie(base: string) {
  const page = await (await fetch(`${base}/login`)).text()
  const form = new URLSearchParams(loginFormFields(page))
  form.set('username', 'admin')
  form.set('password', PASSWORD)
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: form,
    redirect: 'manual',
  })
  const jar = new Map<string, string>()
  const keep = (answer: Response) => {
    for (const cookie of answer.headers.getSetCookie()) {
      const [name, value] = cookie.split(';')[0]!.split(/=(.*)/)
      if (value) jar.set(name!, value)
      else jar.delete(name!)
    }
  }
  keep(response)
  if (response.status !== 302 || jar.size === 0)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`)
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const landing = await fetch(new URL(response.headers.get('location')!, base), { headers: { cookie: header() } })
  await landing.arrayBuffer()
  keep(landing)
  return header()
}
