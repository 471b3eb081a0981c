import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { overlappingStreamsWorkbook } from '../../tests/support/compound-file-bombs'
import { pdfBomb } from '../../tests/support/pdf-bomb'
import { wordBomb, workbookBomb } from '../../tests/support/zip-bombs'
import { apiToken, freePort, ORGANIZATION, PASSWORD, processTree, rollupMb, start, stop, waitFor } from './app-process'

const GB = 2 ** 30

export interface BombRun {
  case: string
  /** Documents uploaded at once, each by another organization. */
  documents: number
  /** RSS of the server process just before the uploads, and the highest sampled until they ended. */
  idleRssMb: number
  peakRssMb: number
  /** From the uploads sent until the last document ended (failed or processed). */
  seconds: number
  /** How each document ended, and why. */
  outcomes: string[]
}

interface Server {
  base: string
  pid: number
  exited(): boolean
  /** The organizations the uploads go to, one each. */
  organizations: string[]
}

interface Bomb {
  name: string
  bytes: Uint8Array<ArrayBuffer>
}

/** Uploads each bomb into its own organization at once, and waits until every one has ended. */
async function run(server: Server, bombs: Bomb[], label: string): Promise<BombRun> {
  const { base, pid, organizations } = server
  // An access token lasts 5 minutes; a bomb the server fails to refuse may take minutes to end.
  const token = await apiToken(base, 'admin')
  const idle = rollupMb(processTree(pid)).rss
  let peak = idle
  const sampler = setInterval(() => (peak = Math.max(peak, rollupMb(processTree(pid)).rss)), 50)
  const started = performance.now()
  try {
    const ended = await Promise.all(
      bombs.map(async (bomb, index) => {
        const headers = { authorization: `Bearer ${token}`, 'x-organization': organizations[index]! }
        const body = new FormData()
        body.append('file', new Blob([bomb.bytes]), bomb.name)
        const response = await fetch(`${base}/api/documents/`, { method: 'POST', headers, body }).catch(
          (error: Error) => {
            throw new Error(`upload of ${bomb.name}${server.exited() ? ': the server had ended' : ''}`, {
              cause: error,
            })
          },
        )
        if (response.status !== 201) throw new Error(`upload of ${bomb.name}: ${response.status}`)
        const { id } = (await response.json()) as { id: number }
        for (;;) {
          // A server out of memory may drop a connection; it ending is what the run reports.
          const polled = await fetch(`${base}/api/documents/${id}/`, { headers }).catch((error: Error) => {
            if (server.exited()) throw new Error(`the server ended while reading ${bomb.name}`, { cause: error })
            return undefined
          })
          if (polled) {
            if (!polled.ok) throw new Error(`document ${id}: ${polled.status} ${await polled.text()}`)
            const document = (await polled.json()) as { processing_status: string; failure_reason: string | null }
            if (document.processing_status === 'failed' || document.processing_status === 'processed')
              return `${document.processing_status}: ${document.failure_reason ?? ''}`.trim()
          }
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }),
    )
    const result = {
      case: label,
      documents: bombs.length,
      idleRssMb: idle,
      peakRssMb: Math.max(peak, rollupMb(processTree(pid)).rss),
      seconds: (performance.now() - started) / 1000,
      outcomes: ended,
    }
    console.log(`  ${label}: RSS ${result.idleRssMb} -> ${result.peakRssMb} MB in ${result.seconds.toFixed(1)} s`)
    return result
  } finally {
    clearInterval(sampler)
  }
}

/**
 * The review's decompression bombs (an .xlsx whose sheet unpacks to 1 GB, a .docx whose body
 * does, a .pdf whose page content does), the .xlsx again with headers that claim 4 KB, and an .xls
 * of 100,000 streams over the same 4 KB, uploaded through the API to its own process (`npm run
 * start:api`, processing in process); the zip and PDF bombs also two at once by two organizations
 * (so both take a slot of JOB_CONCURRENCY=2). Answers the peak RSS of the server and the reader
 * processes it starts, and the time from the upload until the document ended.
 */
export async function measureBombs(): Promise<BombRun[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exit-planning-bench-bombs-'))
  const port = await freePort()
  const base = `http://localhost:${port}`
  const server = start(process.execPath, ['--import', 'tsx', 'server/api-process.ts'], {
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
    API_PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: PASSWORD,
    JWT_SECRET: 'bombs-bench-secret-long-enough-for-hs256',
  })
  try {
    await waitFor(`${base}/api/health/`, server.child, server.output)
    const token = await apiToken(base, 'admin')
    const created = await fetch(`${base}/api/organizations/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Harbor Capital' }),
    })
    const running: Server = {
      base,
      pid: server.child.pid!,
      exited: () => server.child.exitCode !== null || server.child.signalCode !== null,
      organizations: [ORGANIZATION, ((await created.json()) as { slug: string }).slug],
    }
    const workbook = { name: 'forecast.xlsx', bytes: workbookBomb(GB) }
    const word = { name: 'memo.docx', bytes: wordBomb(GB) }
    // Its headers say 4 KB: refused only once 64 MB have really been inflated and counted.
    const lying = { name: 'claims-4-kb.xlsx', bytes: workbookBomb(GB, { declaredSize: 4096 }) }
    const compound = { name: 'price-list.xls', bytes: overlappingStreamsWorkbook(100_000) }
    // Nothing to count before parsing: pdf.js decodes the page's stream into one growing buffer.
    const pdf = { name: 'forecast.pdf', bytes: await pdfBomb(GB) }
    // A first ordinary document loads a reader's modules, so the runs measure the bombs.
    await run(running, [{ name: 'warm-up.txt', bytes: new TextEncoder().encode('Warm up.') }], 'warm-up')
    const size = (bomb: Bomb) => `${(bomb.bytes.length / 2 ** 20).toFixed(1)} MB`
    return [
      await run(running, [workbook], `.xlsx, ${size(workbook)}, sheet of 1 GB`),
      await run(running, [word], `.docx, ${size(word)}, body of 1 GB`),
      await run(running, [lying], '.xlsx, sheet of 1 GB, headers claim 4 KB'),
      await run(running, [compound], `.xls, ${size(compound)}, 100,000 streams over 4 KB`),
      await run(running, [workbook, workbook], '.xlsx, two organizations at once'),
      await run(running, [word, word], '.docx, two organizations at once'),
      await run(running, [pdf], `.pdf, ${size(pdf)}, page content of 1 GB`),
      await run(running, [pdf, pdf], '.pdf, two organizations at once'),
    ]
  } catch (error) {
    throw new Error(`${(error as Error).message}; the server said:\n${server.output().slice(-4000)}`, { cause: error })
  } finally {
    await stop(server.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
