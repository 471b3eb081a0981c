import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { characterErrorRate, wordRecall } from '../../tests/support/ocr-accuracy'
import { agreementPage, scannedPdf } from '../../tests/support/scanned-pdf'

const CORPUS = path.resolve('../shared/corpus/parsing')

interface Probe {
  seconds: number
  pages: number
  idleMb: number
  peakMb: number
  readerPeakMb: number
  meanConfidence: number
  text: string
}

/** Reads `copies` of a PDF at once through the extraction pool, as the job does, in a fresh process. */
const probe = (file: string, copies = 1): Probe =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/ocr-probe.ts', file, String(copies)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  )

const figures = ({ seconds, pages, idleMb, peakMb, readerPeakMb, meanConfidence }: Probe) => ({
  pages,
  seconds,
  pagesPerSecond: pages / seconds,
  idleRssMb: idleMb,
  peakRssMb: peakMb,
  readerPeakRssMb: readerPeakMb,
  meanConfidence,
})

/**
 * OCR throughput and memory through the real reader processes, each in a fresh process: the
 * corpus's scanned brochure (one dense two-column page, 300 dpi) against its reference text, then
 * a generated 10-page scanned agreement (200 dpi JPEG pages, ~380 words each), read alone and two
 * at once (JOB_CONCURRENCY=2).
 */
export async function measureOcr() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ocr-'))
  try {
    const agreement = path.join(dir, 'agreement.pdf')
    writeFileSync(agreement, await scannedPdf(Array.from({ length: 10 }, (_, index) => agreementPage(index + 1))))
    const brochure = probe(path.join(CORPUS, 'pdf/ocrmypdf__linn.pdf'))
    const reference = readFileSync(path.join(CORPUS, 'expected/pdf/ocrmypdf__linn.txt'), 'utf8')
    return {
      brochure: {
        ...figures(brochure),
        wordRecall: wordRecall(reference, brochure.text),
        characterErrorRate: characterErrorRate(reference, brochure.text),
      },
      agreement: figures(probe(agreement)),
      twoAtOnce: figures(probe(agreement, 2)),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
