import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readSaleFile } from '../../scripts/eval/advisor-run'
import { scratchBackend } from '../../scripts/eval/beir-corpus'
import { generateSaleFile } from '../../scripts/eval/sale-file'

// `npm run eval:advisor -- --generated <seed>` on one small seed, through the real pipeline: the
// 50-seed report runs by hand (docs/evaluation.md); this keeps the generator and the app in step.
const SEED = 3

let scratch: Awaited<ReturnType<typeof scratchBackend>>
beforeAll(async () => {
  scratch = await scratchBackend('Generated sale file')
}, 60_000)
afterAll(() => scratch?.close())

describe('a generated sale file read as an advisor reads it', () => {
  it('is ingested whole, every question is scored, and every readiness reading is made', async () => {
    const saleFile = await generateSaleFile(SEED)
    const result = await readSaleFile(scratch, {
      label: `seed ${SEED}`,
      files: saleFile.files,
      questions: saleFile.questions,
      readiness: saleFile.readiness,
    })

    // Every format the generator writes is one the app reads.
    expect(result.failed).toEqual([])
    expect(result.files).toBe(saleFile.files.length)
    expect(result.asked.map((entry) => entry.question.id)).toEqual(saleFile.questions.map((question) => question.id))
    for (const entry of result.asked.filter((item) => item.question.answerable))
      expect(entry.formats.length, entry.question.id).toBeGreaterThan(0)
    const fields = new Set(result.reads.map((read) => read.field))
    expect([...fields].sort()).toEqual(
      [
        'add-backs total',
        'after-tax need',
        'checklist item',
        'largest customer share',
        'latest EBITDA',
        'target date',
        'valuation high',
        'valuation low',
        'valuation mid',
      ].sort(),
    )
    const pairs = Object.values(saleFile.readiness.checklist).flat().length
    expect(result.reads.filter((read) => read.field === 'checklist item').length).toBeGreaterThanOrEqual(pairs)
  }, 120_000)
})
