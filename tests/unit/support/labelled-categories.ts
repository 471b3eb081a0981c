import { readFileSync } from 'node:fs'
import path from 'node:path'

import { analyze } from '../../../api/ai/retrieval/analyzer'
import type { FileType } from '../../../api/db/schema'
import { readFactsOrNone } from '../../../api/facts/read-facts'
import { tablesHold } from '../../../api/facts/tables-hold'
import type { CategoryEvidence } from '../../../api/ingest/categories'
import { chunkPages } from '../../../api/ingest/chunker'
import { extractText } from '../../../api/ingest/extract-text'
import { generateSaleFile } from '../../../scripts/eval/sale-file'
import type { FactGroup } from '../../../scripts/eval/sale-file/model'
import type { SampleCategory } from '../../../shared/categories'
import { SALE_FILE, SALE_FILES } from '../../fixtures/sale-file'

/*
 * Documents with the category a reader gives them after reading them (decision 062). "By type" is
 * a document about none of the topics (a paper on compilers, a novel, a port's berth list): its
 * file type's category is the right one. Titles are the ones the files came with, or the file name
 * without its extension as the upload form fills it in.
 */

export type Label = SampleCategory | 'by type'

export interface LabelledDocument {
  file: string
  title: string
  label: Label
  bytes: () => Uint8Array
}

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures')
const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus')

const fromDisk = (file: string, label: Label, title = path.basename(file, path.extname(file))): LabelledDocument => ({
  file,
  title,
  label,
  bytes: () => new Uint8Array(readFileSync(file)),
})

const saleFileTitle = (name: string) => SALE_FILES.find(([file]) => file === name)![1]

/** The project's fixtures and the shared corpus: read while the vocabulary was written. */
export const READ_DOCUMENTS: LabelledDocument[] = [
  // A landscape-supply company's sale file, with the titles its owner and advisor gave it.
  ...(
    [
      ['valuation-letter.txt', 'Valuation'],
      ['owner-memo.txt', 'Strategy'], // what the owner needs from the sale and when: her exit goals
      ['income-statement.csv', 'Financial'],
      ['add-backs.csv', 'Financial'], // owner adjustments to earnings
      ['customers.csv', 'Financial'], // revenue by customer
      ['lease-summary.txt', 'Legal & Tax'],
    ] as const
  ).map(([name, label]) => fromDisk(path.join(SALE_FILE, name), label, saleFileTitle(name))),
  fromDisk(path.join(FIXTURES, 'analysis/succession-memo.txt'), 'Strategy'), // no successor to a retiring founder
  fromDisk(path.join(FIXTURES, 'analysis/customer-list.csv'), 'Financial'),
  fromDisk(path.join(FIXTURES, 'analysis/valuation-report.txt'), 'Valuation'),
  fromDisk(path.join(FIXTURES, 'analysis/office-move-notice.txt'), 'by type'),
  fromDisk(path.join(FIXTURES, 'meetings/becker-valuation-call.txt'), 'Valuation'),
  // A bakery's sale file (its company overview mixes history, staff, channels and figures: left out).
  fromDisk(path.join(CORPUS, 'advisor-dev/income-statement.xlsx'), 'Financial'),
  fromDisk(path.join(CORPUS, 'advisor-dev/balance-sheet.csv'), 'Financial'),
  fromDisk(path.join(CORPUS, 'advisor-dev/top-customers.xlsx'), 'Financial'),
  fromDisk(path.join(CORPUS, 'advisor-dev/normalization-schedule.docx'), 'Financial'),
  fromDisk(path.join(CORPUS, 'advisor-dev/lease-summary.txt'), 'Legal & Tax'),
  // Public files of every type, titled by their original names.
  ...(
    [
      ['pdf/pdfjs__issue11913.pdf', 'Legal & Tax'], // a Supreme Court judgment
      ['pdf/pdfjs__prefilled_f1040.pdf', 'Legal & Tax'], // an income tax return
      ['doc/wordx__test03.doc', 'Legal & Tax'], // what each software licence allows
      ['csv/sp500__constituents.csv', 'Market Analysis'], // companies by sector and industry
      ['csv/sheetjs__Attendance.csv', 'HR & Team'], // who was at work each day
      ['pdf/pdfjs__tracemonkey.pdf', 'by type'], // a compiler paper
      ['pdf/pdfjs__pdkids.pdf', 'by type'], // children's stories
      ['pdf/pdfjs__issue13201.pdf', 'by type'], // the Bitcoin paper's first page
      ['pdf/pdfjs__issue9972-1.pdf', 'by type'], // a sleep questionnaire
      ['doc/wordx__bigfile-01.doc', 'by type'], // a blog software's manual
      ['xlsx/exceljs__1519293514-KRISHNAPATNAM_LINE_UP.xlsx', 'by type'], // ships at a port's berths
      ['xls/xlrd__corrupted_error.xls', 'by type'], // a steel pipe price list, in Russian
      ['txt/gotext__candide-utf-8.txt', 'by type'], // a novel, in French
    ] as const
  ).map(([file, label]) =>
    fromDisk(path.join(CORPUS, 'parsing', file), label, path.basename(file, path.extname(file)).replace(/^\w+?__/, '')),
  ),
]

// What a generated file holds says what a reader calls it; a company profile (history, staff,
// lines, premises) is left out, as the bakery's overview is.
const GENERATED_LABELS: Partial<Record<FactGroup, Label>> = {
  income: 'Financial',
  balance: 'Financial',
  quarterly: 'Financial',
  monthly: 'Financial',
  customers: 'Financial',
  addBacks: 'Financial',
  valuation: 'Valuation',
  goal: 'Strategy',
  leases: 'Legal & Tax',
}

/** Generated sale files (scripts/eval/sale-file), named as owners name files; labelled by what each holds. */
export async function generatedDocuments(seeds: number[]): Promise<LabelledDocument[]> {
  const documents: LabelledDocument[] = []
  for (const seed of seeds) {
    for (const file of (await generateSaleFile(seed)).files) {
      if (file.holds.includes('profile')) continue
      const label = GENERATED_LABELS[file.holds[0]!]
      if (!label) continue
      documents.push({
        file: `seed ${seed}: ${file.name}`,
        title: path.basename(file.name, path.extname(file.name)),
        label,
        bytes: () => file.bytes,
      })
    }
  }
  return documents
}

/** What ingestion hands the guess: the terms its chunks are indexed by and what its tables hold. */
export async function evidenceOf(document: LabelledDocument): Promise<CategoryEvidence> {
  const type = path.extname(document.file).slice(1).toLowerCase() as FileType
  const { pages } = await extractText(type, document.bytes(), { maxChars: 3_000_000, maxUnpackedBytes: 64 * 2 ** 20 })
  const reading = readFactsOrNone(pages, 0)
  return {
    title: document.title,
    type,
    terms: chunkPages(pages).flatMap((chunk) => analyze(chunk.text)),
    holds: tablesHold(reading?.facts ?? []).map((found) => found.kind),
  }
}
