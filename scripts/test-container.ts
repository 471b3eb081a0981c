/**
 * `npm run test:container`: the image as a deployment would use it, with Docker or podman, whichever
 * runs here. Builds it, starts it on a fresh volume, waits for /api/health/, signs in, uploads a
 * document and waits for it to be processed, restarts the container and re-creates it on the same
 * volume and finds the document (and the session) again each time, then removes what it made.
 * `-- --keep` leaves the image. Exits non-zero on the first thing that does not hold.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'

import { LETTER_OF_INTENT, letterOfIntentPdf } from '../tests/support/scanned-pdf'
import { freePort } from './bench/app-process'

/** The bound on the image (issue 35): Node, Debian and production dependencies only. */
const MAX_IMAGE_MB = 600
const keep = process.argv.includes('--keep')

function run(command: string, args: string[], { quiet = false, check = true } = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'],
  })
  if (check && result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}\n${result.stderr ?? ''}`)
  }
  return { ok: result.status === 0, output: (result.stdout ?? '').trim(), errors: (result.stderr ?? '').trim() }
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

async function until<T>(what: string, seconds: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const value = await attempt().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) {
      const logs = run(engine, ['logs', '--tail=40', container], { quiet: true, check: false }).output
      throw new Error(`${what} did not happen within ${seconds} s. The container's last lines:\n${logs}`)
    }
    await delay(250)
  }
}

async function healthy() {
  const from = Date.now()
  await until('GET /api/health/ answering 200', 180, async () =>
    (await fetch(`${base}/api/health/`)).status === 200 ? true : undefined,
  )
  return ((Date.now() - from) / 1000).toFixed(1)
}

async function api(path: string, token: string, init: RequestInit = {}) {
  const response = await fetch(`${base}/api${path}`, {
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
  run(engine, ['build', ...(engine === 'podman' ? ['--format=docker'] : []), `--tag=${image}`, '.'])
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

  const signIn = await fetch(`${base}/api/token/obtain/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  })
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`)
  const { access } = (await signIn.json()) as { access: string }
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
  step('passed')
} finally {
  run(engine, ['rm', '--force', container], { quiet: true, check: false })
  run(engine, ['volume', 'rm', '--force', volume], { quiet: true, check: false })
  if (!keep) run(engine, ['image', 'rm', '--force', image], { quiet: true, check: false })
  console.log(`removed the container and the volume${keep ? '' : ' and the image'}`)
}
