import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { characterErrorRate, wordRecall } from '../../tests/support/ocr-accuracy'
import { scannedPdf } from '../../tests/support/scanned-pdf'

const CORPUS = path.resolve('../shared/corpus/parsing')

const SENTENCES = [
  'The buyer pays the purchase price in cash at closing, less the amount held back in escrow.',
  'Net working capital is delivered at the agreed target, and any shortfall is repaid dollar for dollar.',
  'The seller gives the usual warranties on title, accounts, tax, employees, contracts and litigation.',
  'Key employees sign retention agreements that pay a bonus twelve and twenty-four months after closing.',
  'The landlord consents to the assignment of the lease of the main warehouse before exchange.',
  'Customer contracts with a change of control clause are listed in schedule four with their renewal dates.',
  'An earn-out of up to one million dollars is paid on the gross margin of the two years after closing.',
  'The seller will not compete with the business within three hundred miles for three years.',
]

/** A full page of a typical agreement: about 380 words of 11 pt text. */
function agreementPage(number: number) {
  const paragraphs: string[] = []
  for (let paragraph = 0; paragraph < 6; paragraph++) {
    const sentences = Array.from(
      { length: 4 },
      (_, index) => SENTENCES[(number * 5 + paragraph * 3 + index) % SENTENCES.length]!,
    )
    paragraphs.push(`${number}.${paragraph + 1} ${sentences.join(' ')}`)
  }
  return { paragraphs }
}

interface Probe {
  seconds: number
  pages: number
  idleMb: number
  peakMb: number
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

const figures = ({ seconds, pages, idleMb, peakMb, meanConfidence }: Probe) => ({
  pages,
  seconds,
  pagesPerSecond: pages / seconds,
  idleRssMb: idleMb,
  peakRssMb: peakMb,
  meanConfidence,
})

/**
 * OCR throughput and memory through the real extraction thread, each in a fresh process: the
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
