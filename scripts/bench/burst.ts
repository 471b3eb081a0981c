import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { sessionCookie } from '../../tests/e2e/support/login-form'
import {
  apiToken,
  documentSettled,
  freePort,
  PASSWORD,
  root,
  SERVER_ARGS,
  start,
  stop,
  treeCpuMs,
  waitFor,
} from './app-process'
import { answeringFrom, type AnswerTimes, askApi, askThroughRelay, pacedModel, spread } from './streams'

export interface BurstResult extends AnswerTimes {
  organizations: number
  /** Crowds asked each way, after one that warmed the server up (`completed` is of all their answers). */
  rounds: number
  /**
   * The server's CPU time (all its processes, user and system) for each question asked, from the
   * crowd's start to its last answer: on a machine shared with other work this moves less than the
   * latencies do.
   */
  cpuPerQuestionMs: { relay: number; api: number }
}

interface Asker {
  username: string
  organization: string
  cookie: string
  api: Record<string, string>
  /** An empty one for each crowd the asker is in. */
  conversations: number[]
}

/** A user with an organization of their own, made by the operator's command beside the running server. */
function createAccount(dataDir: string, index: number) {
  return new Promise<{ username: string; organization: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/accounts.ts',
        'create',
        `--email=burst-${index}@example.com`,
        `--name=Burst Owner ${index}`,
        '--role=analyst',
        `--new-organization=Burst Company ${index}`,
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] },
    )
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.stdin.end(`${PASSWORD}\n`)
    child.on('error', reject)
    child.on('exit', (code) => {
      const made = /\(username (\S+)\), analyst of .* \(([^)]+)\)\./.exec(output)
      if (code === 0 && made) resolve({ username: made[1]!, organization: made[2]! })
      else reject(new Error(`accounts create ${index} exited ${code}:\n${output}`))
    })
  })
}

/** One asker's organization: a document of their own, processed, and `crowds` empty conversations. */
async function prepare(base: string, dataDir: string, index: number, crowds: number): Promise<Asker> {
  const { username, organization } = await createAccount(dataDir, index)
  const api = { authorization: `Bearer ${await apiToken(base, username)}`, 'x-organization': organization }
  const body = new FormData()
  body.append('title', `Lease summary ${index}`)
  const text = `The warehouse lease of Burst Company ${index} runs until ${2030 + (index % 9)} with one renewal option.`
  body.append('file', new Blob([text], { type: 'text/plain' }), `lease-${index}.txt`)
  const upload = await fetch(`${base}/api/documents/`, { method: 'POST', headers: api, body })
  if (upload.status !== 201) throw new Error(`upload ${index}: ${upload.status} ${await upload.text()}`)
  const { id } = (await upload.json()) as { id: number }
  if ((await documentSettled(base, api, id)) === 'failed') throw new Error(`document ${id} failed to process`)
  const conversation = async () => {
    const response = await fetch(`${base}/api/conversations/`, {
      method: 'POST',
      headers: { ...api, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Lease' }),
    })
    return ((await response.json()) as { id: number }).id
  }
  const conversations: number[] = []
  for (let crowd = 0; crowd < crowds; crowd++) conversations.push(await conversation())
  return { username, organization, cookie: await sessionCookie(base, username, PASSWORD), api, conversations }
}

/**
 * Issue 49's crowd: `organizations` users, each of their own organization, ask one question each at
 * the same moment, within the default chat limits: the first chunk through the web relay (the
 * browser's path), then straight from the API, `rounds` times each way, alternating.
 */
export async function measureBurst({
  organizations = 50,
  pieces = 20,
  gapMs = 50,
  rounds = 3,
  profileDir,
}: {
  organizations?: number
  pieces?: number
  gapMs?: number
  rounds?: number
  profileDir?: string
} = {}): Promise<BurstResult> {
  const model = await pacedModel(pieces, gapMs)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-bench-burst-'))
  const port = await freePort()
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []
  const ours = start(process.execPath, [...profile, ...SERVER_ARGS], answeringFrom(model, port, dataDir))
  const base = `http://localhost:${port}`
  try {
    await waitFor(`${base}/login`, ours.child, ours.output)
    const askers: Asker[] = []
    // A few at a time: each account is made by its own process.
    for (let first = 0; first < organizations; first += 5) {
      const batch = Array.from({ length: Math.min(5, organizations - first) }, (_, offset) => first + offset)
      askers.push(...(await Promise.all(batch.map((index) => prepare(base, dataDir, index, 1 + 2 * rounds)))))
    }
    const question = 'When does the warehouse lease end?'
    const throughRelay = (asker: Asker, conversation: number) =>
      askThroughRelay(base, asker.cookie, conversation, question)
    const direct = (asker: Asker, conversation: number) => askApi(base, asker.api, conversation, question)
    // Measured on a server that has answered a crowd already: the first one after a start also loads
    // and compiles what answering needs, in every web process.
    const warmUp = await Promise.all(askers.map((asker) => throughRelay(asker, asker.conversations[0]!)))
    if (!warmUp.every((answer) => answer.completed)) throw new Error('the first crowd was not answered')
    const relay: Awaited<ReturnType<typeof askApi>>[] = []
    const api: typeof relay = []
    const cpu = { relay: 0, api: 0 }
    const crowd = async (way: 'relay' | 'api', ask: (asker: Asker) => ReturnType<typeof askApi>) => {
      const before = treeCpuMs(ours.child.pid!)
      const answers = await Promise.all(askers.map(ask))
      cpu[way] += treeCpuMs(ours.child.pid!) - before
      return answers
    }
    for (let round = 0; round < rounds; round++) {
      relay.push(...(await crowd('relay', (asker) => throughRelay(asker, asker.conversations[1 + 2 * round]!))))
      api.push(...(await crowd('api', (asker) => direct(asker, asker.conversations[2 + 2 * round]!))))
    }
    return {
      organizations,
      rounds,
      completed: relay.filter((answer) => answer.completed).length,
      relayFirstChunk: spread(relay.map((answer) => answer.firstChunkMs)),
      directFirstChunk: spread(api.map((answer) => answer.firstChunkMs)),
      relayTotal: spread(relay.map((answer) => answer.totalMs)),
      cpuPerQuestionMs: { relay: cpu.relay / relay.length, api: cpu.api / api.length },
    }
  } finally {
    await stop(ours.child)
    await model.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
