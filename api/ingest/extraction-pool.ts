import type { FileType } from '../db/schema'
import type { ExtractReply, ExtractRequest, WindDown } from './extraction-process'
import {
  type Extraction,
  ExtractionError,
  ExtractionTimeout,
  type OcrAllowance,
  type OcrPage,
  type OcrProgress,
} from './extraction-types'
import {
  endReader,
  holdOpen,
  holdsTooMuchToReuse,
  reachedHeapLimit,
  type ReaderProcess,
  startReader,
  watchMemory,
  watchRunTime,
} from './reader-process'

export interface ExtractionBounds {
  /** Of the reader's run clock (run-clock.ts): its CPU time, the clock's only as a backstop. */
  timeoutMs: number
  memoryMb: number
  maxChars: number
  /** Scanned PDF pages are read by OCR with these (their time limit is the extraction's); never without. */
  ocr?: {
    maxPages: number
    done: OcrPage[]
    allowance?: OcrAllowance
  }
}

// OCR starts no page after this share of the time limit, so the text read so far is returned in time.
const OCR_SHARE_OF_TIME_LIMIT = 0.9
// Measured peak RSS of one extraction reading a scan (docs/decisions/023): ~165 MB for pdf.js and
// the thread it then ran in, ~60 MB for tesseract's engine and model, then ~15 bytes a pixel of
// the page as drawn (3.7 MP: +297 MB, 8.4 MP: +324 MB, 15 MP: +445 MB). Pages are drawn smaller
// when they would not fit in EXTRACTION_MEMORY_MB; below 2 MP OCR reads nothing well, so none is
// read. In a reader process a 16.8 MP page peaked at 511 MB, under its 704 MB limit.
const OCR_FIXED_MB = 230
const OCR_BYTES_PER_PIXEL = 16
const OCR_MIN_PIXELS = 2_000_000

/** The most pixels a page is drawn at for OCR within `memoryMb`. */
function ocrPixelBudget(memoryMb: number) {
  const pixels = Math.floor(((memoryMb - OCR_FIXED_MB) * 1024 * 1024) / OCR_BYTES_PER_PIXEL)
  return pixels >= OCR_MIN_PIXELS ? pixels : 0
}

// Parsers hold a workbook's or Word document's unpacked parts in buffers outside the V8 heap; the
// reader's memory watch would stop them only once held, so an archive unpacking to more than this
// share of EXTRACTION_MEMORY_MB is refused unread, saying why. Measured with 512 (docs/decisions/027):
// a workbook of 64 MB of sheet XML peaked ~380 MB above idle and 128 MB ~580 MB; a .docx of 64 MB
// ~485 MB, and one of 128 MB ran out of heap after a minute.
const UNPACKED_SHARE_OF_MEMORY = 1 / 8

// Warm readers are reused: starting one costs 0.6-1.3 s of process start and module loading
// (measured on 2 busy cores; a worker thread took 0.5-0.8 s), more than reading most documents. A
// reader is retired after this many documents so no heap grows without end.
const MAX_IDLE_READERS = 2
const DOCUMENTS_PER_READER = 200
// An idle reader holds 63-192 MB (more and it is not kept): for a burst of uploads, not for ever.
const IDLE_READER_MS = 5_000

interface PooledReader extends ReaderProcess {
  used: number
  retire?: NodeJS.Timeout
}

const idle: PooledReader[] = []

async function acquire(memoryMb: number): Promise<PooledReader> {
  const index = idle.findIndex((reader) => reader.memoryMb === memoryMb)
  if (index >= 0) {
    const [reader] = idle.splice(index, 1)
    clearTimeout(reader!.retire)
    holdOpen(reader!, true)
    return reader!
  }
  return Object.assign(await startReader(memoryMb), { used: 0 })
}

function release(reader: PooledReader) {
  reader.used++
  reader.child.removeAllListeners('message').removeAllListeners('error').removeAllListeners('close')
  if (reader.used >= DOCUMENTS_PER_READER || idle.length >= MAX_IDLE_READERS || holdsTooMuchToReuse(reader)) {
    void endReader(reader)
    return
  }
  // An idle reader must not keep the process alive, nor die unnoticed.
  holdOpen(reader, false)
  reader.child.once('close', () => {
    const at = idle.indexOf(reader)
    if (at >= 0) idle.splice(at, 1)
  })
  reader.retire = setTimeout(() => void endReader(reader), IDLE_READER_MS).unref()
  idle.push(reader)
}

/** Ends the idle readers, which would otherwise live on until retired. */
export async function stopExtractionWorkers() {
  await Promise.all(idle.splice(0).map(endReader))
}

/** How the caller follows and steers the reading of scanned pages. */
export interface OcrControl {
  /** Hears of each scanned page read. */
  onProgress?: (progress: OcrProgress) => void
  /** Once aborted, the reader starts no more scanned pages (after one): the run ends as unfinished. */
  windDown?: AbortSignal
}

/**
 * Extracts a stored file in a reader process with a heap cap, a resident memory budget and a
 * time limit, so a decompression bomb or a pathological PDF fails that document only, never the
 * server, and parsing never blocks the event loop that serves pages. A reader that hit a limit is
 * killed, never reused. `signal` (a shutdown, a deletion, a run giving way) kills the reader too,
 * and rejects with its reason.
 */
export async function extractInWorker(
  type: FileType,
  path: string,
  bounds: ExtractionBounds,
  signal?: AbortSignal,
  { onProgress, windDown }: OcrControl = {},
): Promise<Extraction> {
  signal?.throwIfAborted()
  const reader = await acquire(bounds.memoryMb)
  const { child } = reader
  const outOfMemory = () =>
    new ExtractionError(`Reading this document needed more than ${bounds.memoryMb} MB of memory and was stopped.`)
  return new Promise((resolve, reject) => {
    let settled = false
    const stopWatching: Array<() => void> = []
    const settle = (outcome: () => void, reusable: boolean) => {
      if (settled) return
      settled = true
      for (const stop of stopWatching) stop()
      signal?.removeEventListener('abort', abort)
      windDown?.removeEventListener('abort', askToWindDown)
      if (reusable) release(reader)
      else void endReader(reader)
      outcome()
    }
    const abort = () => settle(() => reject(signal!.reason), false)
    const askToWindDown = () => {
      const message: WindDown = { kind: 'wind-down' }
      if (!settled && child.connected) child.send(message)
    }
    child.on('message', (reply: ExtractReply) => {
      if (reply.kind === 'ocr') return onProgress?.(reply.progress)
      settle(() => {
        if (reply.ok) resolve(reply.extraction)
        else if (reply.expected) reject(new ExtractionError(reply.reason))
        else reject(new Error(reply.reason))
      }, true)
    })
    child.once('error', (error) => settle(() => reject(error), false))
    // 'close' rather than 'exit': by then stderr has been read to its end.
    child.once('close', (code, exitSignal) =>
      settle(
        () =>
          reject(
            reachedHeapLimit(reader, exitSignal)
              ? outOfMemory()
              : new Error(
                  `The reader process stopped unexpectedly (${exitSignal ?? `exit code ${code}`}): ${reader.stderrTail}`,
                ),
          ),
        false,
      ),
    )
    // Aborted while a reader was being started: it has had no request, so it goes back to the pool.
    if (signal?.aborted) return settle(() => reject(signal.reason), true)
    signal?.addEventListener('abort', abort, { once: true })
    const tookTooLong = () =>
      new ExtractionTimeout(
        `Reading this document took longer than ${Math.round(bounds.timeoutMs / 1000)} seconds and was stopped.`,
      )
    stopWatching.push(
      watchMemory(reader, () => settle(() => reject(outOfMemory()), false)),
      watchRunTime(reader, bounds.timeoutMs, () => settle(() => reject(tookTooLong()), false)),
    )
    const request: ExtractRequest = {
      type,
      path,
      maxChars: bounds.maxChars,
      maxUnpackedBytes: Math.floor(bounds.memoryMb * UNPACKED_SHARE_OF_MEMORY * 2 ** 20),
      ocr: bounds.ocr && {
        maxPages: bounds.ocr.maxPages,
        done: bounds.ocr.done,
        allowance: bounds.ocr.allowance,
        maxPixels: ocrPixelBudget(bounds.memoryMb),
        stopAfterMs: bounds.timeoutMs * OCR_SHARE_OF_TIME_LIMIT,
      },
    }
    child.send(request)
    if (windDown?.aborted) askToWindDown()
    else windDown?.addEventListener('abort', askToWindDown, { once: true })
  })
}
