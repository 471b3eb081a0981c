import { Worker } from 'node:worker_threads'
import type { FileType } from '../db/schema'
import type { ExtractReply, ExtractRequest } from './extract-worker'
import { type Extraction, ExtractionError } from './extraction'
import { extractWorkerBundle } from './worker-bundle'

export interface ExtractionBounds {
  timeoutMs: number
  memoryMb: number
  maxChars: number
}

/**
 * Extracts a stored file in its own worker thread with a heap cap and a deadline, so a decompression
 * bomb or a pathological PDF fails that document only, never the server, and parsing never blocks
 * the event loop that serves pages.
 */
export async function extractInWorker(type: FileType, path: string, bounds: ExtractionBounds): Promise<Extraction> {
  const entry = await extractWorkerBundle()
  return new Promise((resolve, reject) => {
    const request: ExtractRequest = { type, path, maxChars: bounds.maxChars }
    const worker = new Worker(entry, {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: bounds.memoryMb, maxYoungGenerationSizeMb: Math.min(64, bounds.memoryMb / 4) },
      stdout: true,
      stderr: true,
    })
    // pdf.js and SheetJS print warnings about odd files; they are not ours to show.
    worker.stdout.resume()
    worker.stderr.resume()
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      outcome()
      void worker.terminate()
    }
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new ExtractionError(`Reading this document took longer than ${Math.round(bounds.timeoutMs / 1000)} seconds and was stopped.`)),
        ),
      bounds.timeoutMs,
    )
    worker.once('message', (reply: ExtractReply) =>
      settle(() => {
        if (reply.ok) resolve(reply.extraction)
        else if (reply.expected) reject(new ExtractionError(reply.reason))
        else reject(new Error(reply.reason))
      }),
    )
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ExtractionError(`Reading this document needed more than ${bounds.memoryMb} MB of memory and was stopped.`)
            : error,
        ),
      ),
    )
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The extraction worker stopped unexpectedly (exit code ${code}).`))),
    )
  })
}
