// One OCR measurement in a fresh process, so that its memory is not what an earlier one left:
//   node --import tsx scripts/bench/ocr-probe.ts <file.pdf> <copies read at once>
// prints {seconds, pages, idleMb, peakMb, readerPeakMb, meanConfidence, text} as JSON: the RSS of
// this process and its reader processes together, idle and at their highest, and of the largest
// reader alone (what its budget, EXTRACTION_MEMORY_MB + READER_BASE_MB, is checked against).
import { extractInWorker, stopExtractionWorkers } from '../../api/ingest/extraction-pool'
import { residentMemoryMb } from '../../api/ingest/process-usage'
import { loadApiConfig } from '../../api/kernel/config'
import { threadBundle } from '../../runtime/thread-bundle'
import { readerProcesses, residentMemoryWithChildrenMb } from '../../tests/support/reader-processes'

const [file, copies = '1'] = process.argv.slice(2)
const config = loadApiConfig({ JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' })
await threadBundle('api/ingest/extraction-process.ts')
const readerMbs = () => readerProcesses().map((pid) => residentMemoryMb(pid) ?? 0)
const mb = residentMemoryWithChildrenMb
const idleMb = mb()
let peakMb = idleMb
let readerPeakMb = 0
const sampler = setInterval(() => {
  peakMb = Math.max(peakMb, mb())
  readerPeakMb = Math.max(readerPeakMb, ...readerMbs())
}, 10)
const started = performance.now()
const extractions = await Promise.all(
  Array.from({ length: Number(copies) }, () =>
    extractInWorker('pdf', file!, {
      // The document's own time limit would cut a slow machine's figures short.
      timeoutMs: 30 * 60 * 1000,
      memoryMb: config.EXTRACTION_MEMORY_MB,
      maxChars: config.MAX_EXTRACTED_CHARS,
      ocr: { maxPages: config.OCR_MAX_PAGES, done: [] },
    }),
  ),
)
const seconds = (performance.now() - started) / 1000
clearInterval(sampler)
const read = extractions.flatMap((extraction) => extraction.pages).filter((page) => page.ocrConfidence !== undefined)
await stopExtractionWorkers()
process.stdout.write(
  JSON.stringify({
    seconds,
    pages: read.length,
    idleMb,
    peakMb,
    readerPeakMb,
    meanConfidence: read.reduce((sum, page) => sum + page.ocrConfidence!, 0) / read.length,
    text: extractions[0]!.pages.map((page) => page.text).join('\n'),
  }),
)
