import { parentPort } from 'node:worker_threads'

import { TranscriptError } from './transcript-error'
import { readTranscript, type TranscriptReading, type TranscriptReadingRequest } from './transcript-reading'

export type TranscriptReply =
  | { ok: true; reading: TranscriptReading }
  /** `expected`: a file the parser refuses, whose reason is for the uploader; else a fault of ours. */
  | { ok: false; reason: string; expected: boolean }

// One request at a time: the caller sends the next only after this one's reply.
parentPort!.on('message', async (request: TranscriptReadingRequest) => {
  let reply: TranscriptReply
  try {
    reply = { ok: true, reading: await readTranscript(request) }
  } catch (error) {
    reply =
      error instanceof TranscriptError
        ? { ok: false, reason: error.message, expected: true }
        : { ok: false, reason: String((error as Error)?.stack ?? error), expected: false }
  }
  parentPort!.postMessage(reply)
})
