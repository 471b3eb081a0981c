import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import {
  apiToken,
  documentSettled,
  freePort,
  ORGANIZATION,
  PASSWORD,
  processTree,
  root,
  SERVER_ARGS,
  sessionCookie,
  start,
  stop,
  waitFor,
} from './app-process'
import { load as loadOf, type LoadFigures, type Target } from './pages'

const CORPUS = path.resolve('../shared/corpus/parsing/pdf')
const PDFS = ['pdfjs__tracemonkey.pdf', 'pdfjs__pdkids.pdf', 'pdfjs__prefilled_f1040.pdf']

export interface PagesWhileReading {
  idle: LoadFigures
  reading: LoadFigures
  /** Documents the uploaders saw read (processed or failed) from their start until the load ended. */
  documentsRead: number
}

/**
 * What document reading costs the pages, and the other way round (stop 89, the priorities of the
 * server's processes): autocannon on /dashboard on an idle server, then while `uploaders` clients
 * each upload PDFs of the parsing corpus one after another, each made its own by a trailing comment
 * (the same bytes twice would be held as a duplicate).
 */
export async function measurePagesWhileReading({
  appDir = root,
  uploaders = 4,
  seconds = 15,
}: { appDir?: string; uploaders?: number; seconds?: number } = {}): Promise<PagesWhileReading> {
  const pdfs = PDFS.map((name) => readFileSync(path.join(CORPUS, name)))
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exit-planning-bench-reading-'))
  const port = await freePort()
  const env = { NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD }
  const ours = start(process.execPath, SERVER_ARGS, env, appDir)
  const base = `http://localhost:${port}`
  try {
    await waitFor(`${base}/login`, ours.child, ours.output)
    const dashboard: Target = {
      name: '/dashboard',
      url: `${base}/dashboard`,
      headers: { cookie: await sessionCookie(base) },
      pids: () => processTree(ours.child.pid!),
    }
    const load = () => loadOf(dashboard, 10, seconds)
    const idle = await load()
    const headers = { authorization: `Bearer ${await apiToken(base, 'analyst')}`, 'x-organization': ORGANIZATION }
    let sent = 0
    let documentsRead = 0
    let loading = true
    const uploadInTurn = async () => {
      while (loading) {
        const copy = sent++
        const bytes = Buffer.concat([pdfs[copy % pdfs.length]!, Buffer.from(`\n% copy ${copy}\n`)])
        const body = new FormData()
        body.append('file', new Blob([bytes], { type: 'application/pdf' }), `reading-${copy}.pdf`)
        const response = await fetch(`${base}/api/documents/`, { method: 'POST', headers, body })
        if (response.status !== 201) throw new Error(`upload ${copy}: ${response.status} ${await response.text()}`)
        const { id } = (await response.json()) as { id: number }
        await documentSettled(base, headers, id)
        if (loading) documentsRead++
      }
    }
    let failure: unknown
    const uploading = Array.from({ length: uploaders }, () =>
      uploadInTurn().catch((error: unknown) => {
        failure ??= error
        loading = false
      }),
    )
    // Until a second round is under way: the readers started and busy before the pages are asked for.
    while (sent < uploaders * 2 && !failure) await new Promise((resolve) => setTimeout(resolve, 100))
    const reading = failure ? idle : await load()
    loading = false
    await Promise.all(uploading)
    if (failure) throw failure
    return { idle, reading, documentsRead }
  } finally {
    await stop(ours.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
