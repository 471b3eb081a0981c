import { createRequire } from 'node:module'
import path from 'node:path'
import type { Worker as ThreadWorker } from 'node:worker_threads'

import type { Block, Worker as TesseractWorker } from 'tesseract.js'

const require = createRequire(import.meta.url)
// The LSTM model (tessdata_best, integer) that the npm package ships: nothing is downloaded.
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int')
// tesseract.js' own default is one block of text, which reads across the columns of a page.
const AUTOMATIC_LAYOUT = '3'
const LSTM_ONLY = 1

// Lines Tesseract is this unsure of are mostly specks and smudges read as letters: on degraded
// scans, leaving out lines under 30 cut the character error rate (84% to 27% on a specked 8 pt page
// at 100 dpi) at the cost of at most 3% of the words; clean pages lost nothing (decision 023).
const MIN_LINE_CONFIDENCE = 30

/** The page's text in Tesseract's reading order, paragraphs apart, without its least certain lines. */
function confidentText(blocks: Block[]) {
  return blocks
    .flatMap((block) => block.paragraphs)
    .map((paragraph) =>
      paragraph.lines
        .filter((line) => line.confidence >= MIN_LINE_CONFIDENCE)
        .map((line) => line.text.trim())
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n')
}

export interface OcrReader {
  read(image: Uint8Array, dpi: number): Promise<{ text: string; confidence: number }>
  close(): Promise<void>
}

/**
 * One tesseract worker for a document's pages: loading the engine and model costs ~250 ms and
 * 60 MB, so it is started at the first scanned page, reused for the rest and ended by `close`.
 * tesseract.js runs it in a thread of its own inside the reader process, so killing the reader
 * (deadline, memory, shutdown) ends it too.
 */
export async function createOcrReader(): Promise<OcrReader> {
  const { createWorker } = await import('tesseract.js')
  let failure: Error | undefined
  const worker = await createWorker('eng', LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: 'none',
    // Without a handler tesseract.js throws its errors in a message listener, which would end the thread.
    errorHandler: (error: unknown) => {
      failure = new Error(`OCR failed: ${String(error)}`)
    },
  })
  await worker.setParameters({ tessedit_pageseg_mode: AUTOMATIC_LAYOUT as never })
  // tesseract.js listens for its thread's end the browser's way, which Node never calls: a thread
  // that dies (its WebAssembly memory exhausted) would leave a recognition waiting for ever.
  const thread = (worker as TesseractWorker & { worker: ThreadWorker }).worker
  const ended = new Promise<never>((_, reject) => {
    thread.once('exit', (code) => reject(failure ?? new Error(`The OCR engine stopped (exit code ${code}).`)))
    thread.once('error', (error) => reject(error))
  })
  ended.catch(() => {})
  return {
    async read(image, dpi) {
      await Promise.race([worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) }), ended])
      const { data } = await Promise.race([
        worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.length), {}, { text: true, blocks: true }),
        ended,
      ])
      return { text: confidentText(data.blocks ?? []), confidence: data.text.trim() ? data.confidence : 0 }
    },
    async close() {
      await worker.terminate()
    },
  }
}
