import { Worker } from 'node:worker_threads'

import type { FileType } from '../db/schema'
import { threadBundle } from '../thread-bundle'
import type { ExtractReply, ExtractRequest } from './extraction-thread'
import { type Extraction, ExtractionError, ExtractionTimeout, type OcrPage, type OcrProgress } from './extraction-types'

export interface ExtractionBounds {
  timeoutMs: number
  memoryMb: number
  maxChars: number
  /** Scanned PDF pages are read by OCR with these (their time limit is the extraction's); never without. */
  ocr?: { maxPages: number; done: OcrPage[] }
}

// OCR starts no page after this share of the deadline, so the text read so far is returned in time.
const OCR_SHARE_OF_DEADLINE = 0.9
// Measured peak RSS of one extraction thread reading a scan (docs/decisions/023): ~165 MB for
// pdf.js and the thread, ~60 MB for tesseract's engine and model, then ~15 bytes a pixel of the
// page as drawn (3.7 MP: +297 MB, 8.4 MP: +324 MB, 15 MP: +445 MB). Pages are drawn smaller when
// they would not fit in EXTRACTION_MEMORY_MB; below 2 MP OCR reads nothing well, so none is read.
const OCR_FIXED_MB = 230
const OCR_BYTES_PER_PIXEL = 16
const OCR_MIN_PIXELS = 2_000_000

/** The most pixels a page is drawn at for OCR within `memoryMb`. */
function ocrPixelBudget(memoryMb: number) {
  const pixels = Math.floor(((memoryMb - OCR_FIXED_MB) * 1024 * 1024) / OCR_BYTES_PER_PIXEL)
  return pixels >= OCR_MIN_PIXELS ? pixels : 0
}

// Parsers hold a workbook's or Word document's unpacked parts in buffers outside the V8 heap, so
// `maxOldGenerationSizeMb` does not bound them; an archive unpacking to more than this share of
// EXTRACTION_MEMORY_MB is refused unread. Measured with 512 (docs/decisions/027): a workbook of
// 64 MB of sheet XML peaked ~380 MB above idle and 128 MB ~580 MB; a .docx of 64 MB ~485 MB,
// and one of 128 MB ran out of heap after a minute.
const UNPACKED_SHARE_OF_MEMORY = 1 / 8

// Warm workers are reused: starting one costs ~100 ms of module loading, more than reading most
// documents. A worker is retired after this many documents so no heap grows without end.
const MAX_IDLE_WORKERS = 2
const DOCUMENTS_PER_WORKER = 200
// A worker with pdf.js and SheetJS loaded holds tens of MB: kept for a burst of uploads, not for ever.
const IDLE_WORKER_MS = 5_000

interface PooledWorker {
  worker: Worker
  memoryMb: number
  used: number
  retire?: NodeJS.Timeout
}

const idle: PooledWorker[] = []

async function acquire(memoryMb: number): Promise<PooledWorker> {
  const index = idle.findIndex((pooled) => pooled.memoryMb === memoryMb)
  if (index >= 0) {
    const [pooled] = idle.splice(index, 1)
    clearTimeout(pooled!.retire)
    pooled!.worker.ref()
    return pooled!
  }
  const worker = new Worker(await threadBundle('ingest/extraction-thread.ts'), {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, memoryMb / 4) },
    stdout: true,
    stderr: true,
  })
  // pdf.js and SheetJS print warnings about odd files; they are not ours to show.
  worker.stdout.resume()
  worker.stderr.resume()
  return { worker, memoryMb, used: 0 }
}

function release(pooled: PooledWorker) {
  pooled.used++
  pooled.worker.removeAllListeners('message').removeAllListeners('error').removeAllListeners('exit')
  if (pooled.used >= DOCUMENTS_PER_WORKER || idle.length >= MAX_IDLE_WORKERS) {
    void pooled.worker.terminate()
    return
  }
  // An idle worker must not keep the process alive, nor die unnoticed.
  pooled.worker.unref()
  pooled.worker.once('exit', () => {
    const at = idle.indexOf(pooled)
    if (at >= 0) idle.splice(at, 1)
  })
  pooled.retire = setTimeout(() => void pooled.worker.terminate(), IDLE_WORKER_MS).unref()
  idle.push(pooled)
}

/** Ends the idle workers, whose stdio ports would otherwise keep a finished process (a script, a test) alive. */
export async function stopExtractionWorkers() {
  await Promise.all(idle.splice(0).map((pooled) => pooled.worker.terminate()))
}

/**
 * Extracts a stored file in a worker thread with a heap cap and a deadline, so a decompression bomb
 * or a pathological PDF fails that document only, never the server, and parsing never blocks the
 * event loop that serves pages. A worker that hit a limit is terminated, never reused. `signal`
 * (a shutdown) terminates the worker too, and rejects with its reason. `onOcr` hears of each
 * scanned page read.
 */
export async function extractInWorker(
  type: FileType,
  path: string,
  bounds: ExtractionBounds,
  signal?: AbortSignal,
  onOcr?: (progress: OcrProgress) => void,
): Promise<Extraction> {
  signal?.throwIfAborted()
  const pooled = await acquire(bounds.memoryMb)
  const { worker } = pooled
  return new Promise((resolve, reject) => {
    let settled = false
    const settle = (outcome: () => void, reusable: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', abort)
      if (reusable) release(pooled)
      else void worker.terminate()
      outcome()
    }
    const abort = () => settle(() => reject(signal!.reason), false)
    const timer = setTimeout(
      () =>
        settle(
          () =>
            reject(
              new ExtractionTimeout(
                `Reading this document took longer than ${Math.round(bounds.timeoutMs / 1000)} seconds and was stopped.`,
              ),
            ),
          false,
        ),
      bounds.timeoutMs,
    )
    worker.on('message', (reply: ExtractReply) => {
      if (reply.kind === 'ocr') return onOcr?.(reply.progress)
      settle(() => {
        if (reply.ok) resolve(reply.extraction)
        else if (reply.expected) reject(new ExtractionError(reply.reason))
        else reject(new Error(reply.reason))
      }, true)
    })
    worker.once('error', (error: Error & { code?: string }) =>
      settle(
        () =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new ExtractionError(
                  `Reading this document needed more than ${bounds.memoryMb} MB of memory and was stopped.`,
                )
              : error,
          ),
        false,
      ),
    )
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The extraction worker stopped unexpectedly (exit code ${code}).`)), false),
    )
    // Aborted while a worker was being started: it has had no request, so it goes back to the pool.
    if (signal?.aborted) return settle(() => reject(signal.reason), true)
    signal?.addEventListener('abort', abort, { once: true })
    const request: ExtractRequest = {
      type,
      path,
      maxChars: bounds.maxChars,
      maxUnpackedBytes: Math.floor(bounds.memoryMb * UNPACKED_SHARE_OF_MEMORY * 2 ** 20),
      ocr: bounds.ocr && {
        ...bounds.ocr,
        maxPixels: ocrPixelBudget(bounds.memoryMb),
        stopBy: Date.now() + bounds.timeoutMs * OCR_SHARE_OF_DEADLINE,
      },
    }
    worker.postMessage(request)
  })
}
