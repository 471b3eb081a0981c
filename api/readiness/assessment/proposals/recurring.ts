import type Decimal from 'decimal.js'

import { SHARE_HEADER } from '../../../ai/analysis/units'
import type { Passage } from '../../../ai/retrieval/passage'
import { parseFigure, parseTables } from '../../../ai/tables/table'
import { type DocumentSource, type Finding, sentenceSource } from '../../value-gap/passage-sources'
import { cellOf, Exact, none, type Proposal, proposed, sentencesIn } from './shared'

export const RECURRING_THRESHOLDS = [
  { atLeast: 60, score: 5 },
  { atLeast: 40, score: 4 },
  { atLeast: 20, score: 3 },
  { atLeast: 5, score: 2 },
] as const
const RECURRING =
  /\brecurring\b|\bsubscriptions?\b|\b(?:service|maintenance|support)\s+(?:contracts?|agreements?|plans?)\b|\bcontracted revenue\b/i
const SHARE_OF_REVENUE =
  /\b(\d+(?:\.\d+)?)\s?(?:%|per ?cent)\s+of\s+(?:(?:our|the|its|their|total|annual|group|\d{4})\s+)*(?:revenue|revenues|sales|turnover)\b/gi

/** The recurring share of revenue a sentence or a table's row states: one percentage, of revenue. */
export function recurringShare(passages: Passage[]): Finding<Proposal> {
  const found: Array<{ share: Decimal; source: DocumentSource }> = []
  for (const { passage, sentence } of sentencesIn(passages)) {
    const recurring = RECURRING.exec(sentence)
    // A share of revenue after the words of recurrence: "recurring revenue grew 15%" is a growth rate.
    const shares = recurring ? [...sentence.slice(recurring.index).matchAll(SHARE_OF_REVENUE)] : []
    if (shares.length === 1) found.push({ share: new Exact(shares[0]![1]!), source: sentenceSource(passage, sentence) })
  }
  for (const passage of passages)
    for (const [tableIndex, table] of parseTables(passage.text).entries()) {
      if (table.transposed) continue
      const column = table.columns.findIndex((header) => header.index > 0 && SHARE_HEADER.test(header.label))
      if (column < 0) continue
      table.rowLabels.forEach((label, row) => {
        const figure =
          row >= table.headerRows && RECURRING.test(label) ? parseFigure(table.rows[row]![column] ?? '') : null
        if (figure) found.push({ share: figure.value, source: cellOf(passage, tableIndex, table, row, column) })
      })
    }
  if (found.length === 0) return none('No document states what share of revenue recurs.')
  const shares = new Set(found.map(({ share }) => share.toFixed()))
  if (shares.size > 1)
    return none(
      `The documents state different recurring shares of revenue: ${found
        .map(({ share, source }) => `${share.toFixed()}% (${source.title})`)
        .join('; ')}.`,
    )
  const [{ share, source }] = found as [(typeof found)[number]]
  const score = RECURRING_THRESHOLDS.find(({ atLeast }) => share.gte(atLeast))?.score ?? 1
  const bound = RECURRING_THRESHOLDS.find((threshold) => threshold.score === score)
  return proposed({
    key: 'recurring.share',
    score,
    reason: `${share.toFixed()}% of revenue recurs, as ${source.title} states: ${bound ? `${bound.atLeast}% or more` : 'under 5%'} proposes ${score}.`,
    sources: [source],
  })
}
