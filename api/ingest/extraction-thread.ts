import { readFile } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'

import type { FileType } from '../db/schema'
import { extractText } from './extract-text'
import { ExtractionError } from './extraction-types'

export interface ExtractRequest {
  type: FileType
  path: string
  maxChars: number
}

export type ExtractReply =
  { ok: true; extraction: Awaited<ReturnType<typeof extractText>> } | { ok: false; reason: string; expected: boolean }

// One request at a time: the pool sends the next only after this reply.
parentPort!.on('message', async (request: ExtractRequest) => {
  let reply: ExtractReply
  try {
    const bytes = new Uint8Array(await readFile(request.path))
    reply = { ok: true, extraction: await extractText(request.type, bytes, { maxChars: request.maxChars }) }
  } catch (error) {
    reply =
      error instanceof ExtractionError
        ? { ok: false, reason: error.message, expected: true }
        : { ok: false, reason: String((error as Error)?.stack ?? error), expected: false }
  }
  parentPort!.postMessage(reply)
})
