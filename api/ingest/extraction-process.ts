import { readFile } from 'node:fs/promises'

import type { FileType } from '../db/schema'
import { extractText } from './extract-text'
import { ExtractionError, type OcrProgress, type OcrSettings } from './extraction-types'
import { startOwnRunClock } from './run-clock'

export interface ExtractRequest {
  type: FileType
  path: string
  maxChars: number
  maxUnpackedBytes: number
  ocr?: Omit<OcrSettings, 'onProgress' | 'windDown' | 'spentMs'>
}

/** Sent while a document is read: its turn is over, so start no more scanned pages once one was read. */
export interface WindDown {
  kind: 'wind-down'
}

export type ExtractReply =
  | { kind: 'done'; ok: true; extraction: Awaited<ReturnType<typeof extractText>> }
  | { kind: 'done'; ok: false; reason: string; expected: boolean }
  /** Sent while a document is read, as each scanned page is read by OCR. */
  | { kind: 'ocr'; progress: OcrProgress }

const reply = (message: ExtractReply) => process.send!(message)

// The entry of a reader process, forked by extraction-pool.ts. It must never outlive the server
// that watches its memory: when the server ends, however it ends, the IPC channel closes.
process.on('disconnect', () => process.exit())

// Asked to wind down the document being read; each request starts afresh.
let windingDown = false

// One request at a time: the pool sends the next only after the `done` reply.
process.on('message', async (request: ExtractRequest | WindDown) => {
  if ('kind' in request) {
    windingDown = true
    return
  }
  windingDown = false
  // The server's watch of this run (reader-process.ts) started as it sent the request.
  const spentMs = startOwnRunClock()
  let done: ExtractReply
  try {
    const bytes = new Uint8Array(await readFile(request.path))
    const ocr = request.ocr && {
      ...request.ocr,
      spentMs,
      onProgress: (progress: OcrProgress) => reply({ kind: 'ocr', progress }),
      windDown: () => windingDown,
    }
    done = {
      kind: 'done',
      ok: true,
      extraction: await extractText(request.type, bytes, {
        maxChars: request.maxChars,
        maxUnpackedBytes: request.maxUnpackedBytes,
        ocr,
      }),
    }
  } catch (error) {
    done =
      error instanceof ExtractionError
        ? { kind: 'done', ok: false, reason: error.message, expected: true }
        : { kind: 'done', ok: false, reason: String((error as Error)?.stack ?? error), expected: false }
  }
  reply(done)
})
