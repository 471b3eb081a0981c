import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { analyze } from '../../api/ai/retrieval/analyzer'
import { guessCategory } from '../../api/ingest/categories'
import { ANALYSIS_FIXTURES } from './support/analysis-fixtures'
import { evidenceOf, generatedDocuments, type LabelledDocument, READ_DOCUMENTS } from './support/labelled-categories'

/*
 * The category guessed for a document left to the app, on real content (decision 062). Accuracy on
 * the labelled documents, where "by type" counts right only as the file type's category:
 *
 *                                     guess from title and type (before)   from content (after)
 *   fixtures and shared corpus, 29                 17                              28
 *   generated sale files 1–5, 35                    5                              34
 *   generated sale files 16–40, 152                25                             144  (not read while tuning)
 */

/** Each document the guess gets wrong, with what it guessed. */
async function misses(documents: LabelledDocument[]) {
  const wrong: string[] = []
  for (const document of documents) {
    const evidence = await evidenceOf(document)
    const guess = guessCategory(evidence)
    const right =
      document.label === 'by type'
        ? guess === guessCategory({ title: '', type: evidence.type })
        : guess === document.label
    if (!right) wrong.push(`${path.basename(document.file)}: ${guess}, not ${document.label}`)
  }
  return wrong
}

describe('the category guessed from what a document says', () => {
  it('reads the files it was written on right, but a meeting about everything and an owner’s note', async () => {
    expect(await misses([...READ_DOCUMENTS, ...(await generatedDocuments([1, 2, 3, 4, 5]))])).toEqual([
      // A valuation call that spends most of its time on customers, add-backs and taxes.
      'becker-valuation-call.txt: Financial, not Valuation',
      'seed 5: what I want.txt: Legal & Tax, not Strategy',
    ])
  }, 60_000)

  it('reads generated sale files it was not tuned on, owners’ notes of their goals aside', async () => {
    const wrong = await misses(await generatedDocuments(Array.from({ length: 25 }, (_, index) => 16 + index)))
    expect(wrong.length).toBeLessThanOrEqual(8)
    // What is missed is an owner's few lines ("$4.5 million after taxes, out by June, the lease runs
    // to 2028"): a lease and a tax, and no word of an exit but ones the analyser drops.
    for (const miss of wrong)
      expect(miss).toMatch(/^seed \d+: (what I want|memo to \w+|notes from \w+)\.(txt|docx): .*, not Strategy$/)
  }, 120_000)

  it('reads a succession memo as Strategy and a customer list as Financial, whatever their titles', async () => {
    const guess = async (name: string, title: string) => {
      const file = path.join(ANALYSIS_FIXTURES, name)
      const bytes = () => new Uint8Array(readFileSync(file))
      return guessCategory(await evidenceOf({ file, title, label: 'by type', bytes }))
    }
    expect(await guess('succession-memo.txt', 'Board memo 2 April')).toBe('Strategy')
    expect(await guess('customer-list.csv', 'export (3)')).toBe('Financial')
    // Their titles alone once led to HR & Team and Market Analysis.
    expect(await guess('succession-memo.txt', 'Succession memo')).toBe('Strategy')
    expect(await guess('customer-list.csv', 'Customer list')).toBe('Financial')
  })

  it('takes the title alone before the text is read, and the file type when it names no topic', () => {
    expect(guessCategory({ title: 'Succession plan', type: 'docx' })).toBe('Strategy')
    expect(guessCategory({ title: 'Shareholder agreement 2024', type: 'pdf' })).toBe('Legal & Tax')
    expect(guessCategory({ title: 'Staff_payroll_2025', type: 'xlsx' })).toBe('HR & Team')
    expect(guessCategory({ title: 'Customer list', type: 'csv' })).toBe('Spreadsheets')
    expect(guessCategory({ title: 'Scan_0042', type: 'pdf' })).toBe('PDF Documents')
  })

  it('lets a long text outweigh a word its title happens to hold', () => {
    const lease =
      'The tenant leases the premises from the landlord; the lease ends in 2030 and the rent is $4,000 a month. '
    expect(guessCategory({ title: 'Market street', type: 'txt', terms: analyze(lease.repeat(5)) })).toBe('Legal & Tax')
    // Words met now and then in a long text about something else name no topic.
    const paper = `${'The compiler records a trace of the loop, and the interpreter runs the rest of the bytecode. '.repeat(40)}Our strategy and goal.`
    expect(guessCategory({ title: 'tracing', type: 'pdf', terms: analyze(paper) })).toBe('PDF Documents')
  })
})
