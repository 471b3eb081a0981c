import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import type { ReadinessGold } from '../readiness-read'
import { generateCompany } from './company'
import { type GeneratedFile, planDocuments } from './documents'
import { generateQuestions, readinessGold } from './questions'

export type { GeneratedFile } from './documents'
export type { GeneratedQuestion } from './questions'

/**
 * A seed's sale file: the company, its files as the owner sends them, the advisor's questions with
 * gold answers and what the readiness pages should read, all computed from the same numbers.
 */
export async function generateSaleFile(seed: number) {
  const company = generateCompany(seed)
  const { files, placement } = await planDocuments(company)
  const questions = generateQuestions(company, placement)
  const readiness: ReadinessGold = {
    ...readinessGold(company, placement),
    checklist: Object.fromEntries(files.map((file) => [file.name, file.checklist])),
  }
  return { company, files, placement, questions, readiness }
}
export type SaleFile = Awaited<ReturnType<typeof generateSaleFile>>

/** Files that describe a sale file rather than belong to it: `eval:advisor -- <dir>` leaves them out. */
export const DESCRIPTION_FILES = ['README.md', 'questions.jsonl', 'readiness.json', 'company.json']

/** Writes a sale file where it can be opened and read again with `eval:advisor -- <dir>`. */
export function writeSaleFile(directory: string, saleFile: SaleFile) {
  mkdirSync(directory, { recursive: true })
  for (const file of saleFile.files) writeFileSync(path.join(directory, file.name), file.bytes)
  writeFileSync(
    path.join(directory, 'questions.jsonl'),
    saleFile.questions.map((question) => JSON.stringify(question)).join('\n') + '\n',
  )
  writeFileSync(path.join(directory, 'readiness.json'), JSON.stringify(saleFile.readiness, null, 2) + '\n')
  writeFileSync(path.join(directory, 'company.json'), JSON.stringify(saleFile.company, null, 2) + '\n')
  writeFileSync(path.join(directory, 'README.md'), describe(saleFile))
}

function describe({ company, files }: SaleFile) {
  const lines = [
    `# ${company.name}: generated sale file, seed ${company.seed}`,
    '',
    `A ${company.industry} in ${company.city}, ${company.state}; fiscal years ${company.years[0]!.year}–${company.years.at(-1)!.year}` +
      ` ending ${company.years.at(-1)!.end.slice(5)}. Made by \`scripts/eval/sale-file\`; numbers in company.json.`,
    '',
    '| File | Format | Holds | Layout families | Checklist items |',
    '| --- | --- | --- | --- | --- |',
    ...files.map(
      (file: GeneratedFile) =>
        `| ${file.name} | ${file.format} | ${file.holds.join(', ')} | ${file.families.join(', ')} | ${file.checklist.join(', ')} |`,
    ),
  ]
  return lines.join('\n') + '\n'
}
