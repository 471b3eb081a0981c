/**
 * `npm run test:container`: the image as a deployment would use it, with Docker or podman, whichever
 * runs here. Builds it, starts it on a fresh volume, waits for /api/health/, signs in, uploads a
 * document and waits for it to be processed, makes an administrator with `npm run accounts` inside
 * the running container and signs in as them, restarts the container and re-creates it on the same
 * volume and finds the document (and the session) again each time. Then web and worker as compose
 * runs them, on one database (PGlite served over the wire protocol from here: the engine may have
 * no registry to pull PostgreSQL from) and one data volume: the worker takes a long job and, stopped,
 * exits 0 having handed it back. Removes what it made; `-- --keep` leaves the image. Exits non-zero
 * on the first thing that does not hold.
 */
import { execFile, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import { promisify } from 'node:util'

import { eq } from 'drizzle-orm'
import { parse } from 'yaml'

import { openDatabase } from '../api/db/client'
import { documents, jobs } from '../api/db/schema'
import { hugePdf } from '../tests/support/huge-pdf'
import { LETTER_OF_INTENT, letterOfIntentPdf } from '../tests/support/scanned-pdf'
import { serveWireDatabase } from '../tests/support/wire-database'
import { freePort } from './bench/app-process'

const execFileAsync = promisify(execFile)

/** The bound on the image (issue 35): Node, Debian and production dependencies only. */
const MAX_IMAGE_MB = 600
const keep = process.argv.includes('--keep')

function run(command: string, args: string[], { quiet = false, check = true, input }: RunOptions = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    input,
    stdio: quiet ? 'pipe' : [input === undefined ? 'ignore' : 'pipe', 'inherit', 'inherit'],
  })
  if (check && result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}\n${result.stderr ?? ''}`)
  }
  return { ok: result.status === 0, output: (result.stdout ?? '').trim(), errors: (result.stderr ?? '').trim() }
}

interface RunOptions {
  quiet?: boolean
  check?: boolean
  /** Given on standard input (a password). */
  input?: string
}

/** Docker when its engine answers, else podman. */
function containerEngine() {
  if (run('docker', ['info'], { quiet: true, check: false }).ok) return 'docker'
  if (run('podman', ['--version'], { quiet: true, check: false }).ok) return 'podman'
  throw new Error('Neither a Docker engine nor podman is available here.')
}

const engine = containerEngine()
const id = randomBytes(4).toString('hex')
const image = `exit-planner-test:${id}`
const volume = `exit-planner-test-${id}`
const container = `exit-planner-test-${id}`
const sharedVolume = `exit-planner-test-shared-${id}`
const pairWeb = `exit-planner-test-web-${id}`
const pairWorker = `exit-planner-test-worker-${id}`
const password = randomBytes(12).toString('base64url')
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const started = Date.now()

function step(message: string) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`)
}

function startContainer() {
  run(
    engine,
    [
      'run',
      '--detach',
      `--name=${container}`,
      `--publish=127.0.0.1:${port}:3000`,
      `--volume=${volume}:/app/data`,
      '--env=SEED_DEMO=true',
      `--env=DEMO_PASSWORD=${password}`,
      image,
    ],
    { quiet: true },
  )
}

async function until<T>(
  what: string,
  seconds: number,
  attempt: () => Promise<T | undefined>,
  logsOf = container,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const value = await attempt().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) {
      const logs = run(engine, ['logs', '--tail=40', logsOf], { quiet: true, check: false }).output
      throw new Error(`${what} did not happen within ${seconds} s. The container's last lines:\n${logs}`)
    }
    await delay(250)
  }
}

async function healthy(at = base, logsOf = container) {
  const from = Date.now()
  await until(
    'GET /api/health/ answering 200',
    180,
    async () => ((await fetch(`${at}/api/health/`)).status === 200 ? true : undefined),
    logsOf,
  )
  return ((Date.now() - from) / 1000).toFixed(1)
}

async function obtainToken(username: string, secret: string, at = base) {
  const response = await fetch(`${at}/api/token/obtain/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: secret }),
  })
  if (response.status !== 200) throw new Error(`sign-in as ${username}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access: string }).access
}

async function api(path: string, token: string, init: RequestInit = {}, at = base) {
  const response = await fetch(`${at}/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...init.headers },
  })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return response.json() as Promise<Record<string, unknown>>
}

async function documentFound(token: string, documentId: unknown, title: string) {
  const found = await api(`/documents/${documentId}/`, token)
  if (found.title !== title || found.processing_status !== 'processed') {
    throw new Error(`document ${documentId} came back as ${JSON.stringify(found)}`)
  }
}

try {
  step(`building ${image} with ${engine}`)
  // podman and buildah drop HEALTHCHECK from the OCI format they default to.
  // Behind a TLS-intercepting proxy (its CA in NODE_EXTRA_CA_CERTS here), the build's npm trusts
  // it through the secret the Dockerfile takes for that (docs/deploying.md).
  const extraCa = process.env.NODE_EXTRA_CA_CERTS ? [`--secret=id=extra_ca,src=${process.env.NODE_EXTRA_CA_CERTS}`] : []
  run(engine, ['build', ...(engine === 'podman' ? ['--format=docker'] : []), ...extraCa, `--tag=${image}`, '.'])
  const bytes = Number(run(engine, ['image', 'inspect', '--format={{.Size}}', image], { quiet: true }).output)
  const megabytes = Math.round(bytes / 1e6)
  step(`image size ${megabytes} MB (at most ${MAX_IMAGE_MB} MB)`)
  if (megabytes > MAX_IMAGE_MB) throw new Error(`the image is ${megabytes} MB, more than ${MAX_IMAGE_MB} MB`)
  const healthcheck = run(engine, ['image', 'inspect', '--format={{json .Config.Healthcheck}}', image], { quiet: true })
  if (!healthcheck.output.includes('/api/health/'))
    throw new Error(`the image has no health check: ${healthcheck.output}`)
  step(`the image keeps its HEALTHCHECK: ${healthcheck.output}`)

  run(engine, ['volume', 'create', volume], { quiet: true })
  startContainer()
  step(`started ${container} on the fresh volume ${volume}; /api/health/ answered 200 after ${await healthy()} s`)
  const { output, errors } = run(engine, ['logs', container], { quiet: true })
  const logs = `${output}\n${errors}`
  if (/Building|built \(/.test(logs)) throw new Error(`the container built at start:\n${logs}`)
  step('it started without building anything')
  if (engine === 'podman') {
    run(engine, ['healthcheck', 'run', container], { quiet: true })
    step("the image's own health check passes inside the container")
  }

  const access = await obtainToken('admin', password)
  step('signed in as the demo admin')

  const title = `Container check ${id}`
  const form = new FormData()
  form.set('title', title)
  form.set(
    'file',
    new File(
      [
        'Owner notes. The business had revenue of $4.2 million in 2025 and the owner plans to sell it to a ' +
          'strategic buyer within three years, after the lease on the main site is renewed.\n',
      ],
      'owner-notes.txt',
      { type: 'text/plain' },
    ),
  )
  const created = await api('/documents/', access, { method: 'POST', body: form })
  step(`uploaded document ${created.id} ("${title}")`)
  const processed = await until('the document being processed', 180, async () => {
    const status = await api(`/documents/${created.id}/`, access)
    if (status.processing_status === 'failed') throw new Error(`processing failed: ${JSON.stringify(status)}`)
    return status.processing_status === 'processed' ? status : undefined
  })
  step(`processed: ${processed.word_count} words`)

  // A letter of intent with a typed page and two scanned ones: pdf.js, the canvas that renders the
  // scans and Tesseract, each with only the files the image keeps.
  const letter = new FormData()
  letter.set('title', 'Letter of intent')
  letter.set('file', new File([await letterOfIntentPdf()], 'letter-of-intent.pdf', { type: 'application/pdf' }))
  const scanned = await api('/documents/', access, { method: 'POST', body: letter })
  await until('the letter of intent being processed', 300, async () => {
    const status = await api(`/documents/${scanned.id}/`, access)
    if (status.processing_status === 'failed') throw new Error(`processing failed: ${JSON.stringify(status)}`)
    return status.processing_status === 'processed' ? status : undefined
  })
  const read: string[] = []
  for (const [index, sentences] of LETTER_OF_INTENT.entries()) {
    const { page } = (await api(`/documents/${scanned.id}/text/?page=${index + 1}`, access)) as {
      page: { text: string }
    }
    read.push(page.text.replace(/\s+/g, ' '))
    if (!read[index]!.includes(sentences[0]!)) throw new Error(`page ${index + 1} read as: ${read[index]}`)
  }
  step(`a PDF with two scanned pages processed; OCR read them: "${read[1]!.slice(0, 60)}…"`)

  const loose = run(engine, ['exec', container, 'find', '/app/data', '-perm', '/077', '-not', '-type', 'l'], {
    quiet: true,
  })
  if (loose.output) throw new Error(`files on the data volume others may read or write:\n${loose.output}`)
  step("every file and folder on the data volume is the node user's only")

  await firstAdministrator()

  const from = Date.now()
  run(engine, ['stop', '--time=30', container], { quiet: true })
  const exitCode = run(engine, ['inspect', '--format={{.State.ExitCode}}', container], { quiet: true }).output
  if (exitCode !== '0') throw new Error(`the server exited ${exitCode} on SIGTERM instead of stopping cleanly`)
  step(`stopped gracefully (exit 0) in ${((Date.now() - from) / 1000).toFixed(1)} s`)
  run(engine, ['start', container], { quiet: true })
  step(`restarted; /api/health/ answered 200 after ${await healthy()} s`)
  await documentFound(access, created.id, title)
  step('after the restart the same session finds the document, still processed')

  run(engine, ['rm', '--force', container], { quiet: true })
  startContainer()
  step(`re-created the container on the same volume; /api/health/ answered 200 after ${await healthy()} s`)
  await documentFound(access, created.id, title)
  step('after re-creation the same session finds the document, still processed')
  run(engine, ['rm', '--force', container], { quiet: true })

  await workerHandsItsJobBack()
  step('passed')
} finally {
  for (const made of [container, pairWeb, pairWorker])
    run(engine, ['rm', '--force', made], { quiet: true, check: false })
  for (const made of [volume, sharedVolume])
    run(engine, ['volume', 'rm', '--force', made], { quiet: true, check: false })
  if (!keep) run(engine, ['image', 'rm', '--force', image], { quiet: true, check: false })
  console.log(`removed the container and the volume${keep ? '' : ' and the image'}`)
}

/**
 * The first administrator of a deployment, made with the command inside the running container (the
 * password on standard input), signs in over HTTP and finds the command in their audit log.
 */
async function firstAdministrator() {
  const email = `operator-${id}@example.com`
  const secret = randomBytes(12).toString('base64url')
  const made = run(
    engine,
    ['exec', '--interactive', container, 'npm', 'run', '--silent', 'accounts', '--', 'create', '--email', email].concat(
      ['--name', 'Container Operator', '--role', 'admin', '--new-organization', `Container Check ${id}`],
    ),
    { quiet: true, input: `${secret}\n` },
  )
  if (made.output.includes(secret) || made.errors.includes(secret)) throw new Error('the command printed the password')
  const slug = /\((container-check-[\w-]+)\)/.exec(made.output)?.[1]
  if (!slug) throw new Error(`npm run accounts -- create said: ${made.output} ${made.errors}`)
  step(`made an administrator inside the running container: "${made.output.split('\n')[0]}"`)
  const token = await obtainToken(email, secret)
  const { results } = (await api(`/organizations/${slug}/audit/`, token)) as {
    results: { action: string; actor: { name: string } }[]
  }
  const logged = results.map((event) => `${event.action} by ${event.actor.name}`).sort()
  if (logged.join() !== 'organization.created by Command line,user.created by Command line') {
    throw new Error(`the audit log holds ${JSON.stringify(results)}`)
  }
  step(`signed in as them over HTTP; their audit log: ${logged.join(', ')}`)
}

/**
 * Web and worker as compose.yaml runs them (its worker command; the worker's own environment), on
 * one database and one data volume. The worker takes a long document job; stopped, it exits 0 and
 * the job is back in the queue, not counted as an attempt.
 */
async function workerHandsItsJobBack() {
  const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
    services: { worker: { command: string[] } }
  }
  const database = await serveWireDatabase()
  const observer = await openDatabase({ databaseUrl: database.url })
  const webPort = await freePort()
  const at = `http://127.0.0.1:${webPort}`
  const environment = [
    `--env=DATABASE_URL=${database.url}`,
    `--env=JWT_SECRET=${randomBytes(32).toString('hex')}`,
    `--env=SESSION_SECRET=${randomBytes(16).toString('hex')}`,
  ]
  try {
    run(engine, ['volume', 'create', sharedVolume], { quiet: true })
    // The host's network, to reach the database served from this process on 127.0.0.1.
    const pair = ['--detach', '--network=host', `--volume=${sharedVolume}:/app/data`, ...environment]
    run(
      engine,
      [
        'run',
        `--name=${pairWeb}`,
        ...pair,
        `--env=PORT=${webPort}`,
        '--env=JOB_WORKER=false',
        '--env=SEED_DEMO=true',
      ].concat([`--env=DEMO_PASSWORD=${password}`, image]),
      { quiet: true },
    )
    step(
      `started a web container on the served database; /api/health/ answered 200 after ${await healthy(at, pairWeb)} s`,
    )
    const token = await obtainToken('admin', password, at)
    const form = new FormData()
    form.set('file', new File([hugePdf(300_000)], 'archive.pdf', { type: 'application/pdf' }))
    const created = await api('/documents/', token, { method: 'POST', body: form }, at)
    const [queued] = await observer.db.select().from(jobs).where(eq(jobs.status, 'queued'))
    if (!queued) throw new Error('no job was queued for the upload')
    step(`uploaded a 300,000-page PDF (document ${created.id}); its job ${queued.id} waits for a worker`)

    run(engine, ['run', `--name=${pairWorker}`, ...pair, image, ...compose.services.worker.command], { quiet: true })
    const job = async () => (await observer.db.select().from(jobs).where(eq(jobs.id, queued.id)))[0]!
    await until(
      'the worker taking the job',
      180,
      async () => ((await job()).status === 'running' ? true : undefined),
      pairWorker,
    )
    step(`a worker started with compose's command (${compose.services.worker.command.join(' ')}) took it`)
    const from = Date.now()
    // Not spawnSync: the database answering the worker is served from this process's event loop.
    await execFileAsync(engine, ['stop', '--time=30', pairWorker])
    const exitCode = run(engine, ['inspect', '--format={{.State.ExitCode}}', pairWorker], { quiet: true }).output
    if (exitCode !== '0') {
      const logs = run(engine, ['logs', '--tail=40', pairWorker], { quiet: true, check: false })
      throw new Error(
        `the worker exited ${exitCode} on SIGTERM after ${Date.now() - from} ms instead of stopping cleanly:\n${logs.output}\n${logs.errors}`,
      )
    }
    const after = await job()
    if (after.status !== 'queued' || after.attempts !== 0 || after.lockedBy !== null) {
      throw new Error(`after the stop the job is ${JSON.stringify(after)}`)
    }
    const [document] = await observer.db
      .select()
      .from(documents)
      .where(eq(documents.id, Number(created.id)))
    step(
      `stopped it: exit 0 in ${((Date.now() - from) / 1000).toFixed(1)} s, the job back in the queue (attempts 0), the document ${document?.processingStatus}`,
    )
  } finally {
    await observer.close()
    run(engine, ['rm', '--force', pairWeb, pairWorker], { quiet: true, check: false })
    await database.close()
  }
}
