import Decimal from 'decimal.js'

import { IS_TABLE_LINE } from '../../../../shared/table-lines'
import type { Passage } from '../../../ai/retrieval/passage'
import { type Table } from '../../../ai/tables/table'
import { proseSentences } from '../../../ai/text/sentences'
import { type DocumentSource, type Finding, locationOf } from '../../value-gap/passage-sources'

/* What the readers of each question share: the proposal's shape, how a cell is cited, the sentences read. */

export interface Proposal {
  /** The question it answers (api/readiness/assessment/drivers.ts). */
  key: string
  /** 1–5, by the thresholds stated in decision 043. */
  score: number
  reason: string
  sources: DocumentSource[]
}

export type ProposalKey =
  | 'customers.largest-share'
  | 'owner.operations'
  | 'owner.relationships'
  | 'management.successor'
  | 'financial.assurance'
  | 'legal.leases-contracts'
  | 'recurring.share'

export type Proposals = Record<ProposalKey, Finding<Proposal>>

export const Exact = Decimal.clone({ precision: 60 })

export const none = (reason: string) => ({ value: null, reason }) as const
export const proposed = (proposal: Proposal) => ({ value: proposal, reason: null }) as const

export function cellOf(
  passage: Passage,
  tableIndex: number,
  table: Table,
  row: number,
  column: number,
): DocumentSource {
  const rowLabel = table.rowLabels[row] ?? ''
  const columnLabel = table.columns[column]?.label ?? ''
  return {
    kind: 'document',
    documentId: passage.documentId,
    title: passage.documentTitle,
    location: locationOf(passage, { row, column, rowLabel, columnLabel, text: table.rows[row]![column]! }),
    quote: table.rows[row]![column]!.trim(),
    chunkId: passage.chunkId,
    cell: { table: tableIndex, row, column },
  }
}

export interface Said {
  passage: Passage
  sentence: string
}

/** Each sentence of the passages once (overlapping chunks repeat them), with the passage it was read in. */
export function sentencesIn(passages: Passage[]): Said[] {
  const seen = new Set<string>()
  return passages.flatMap((passage) =>
    // A table's lines are its cells, read as cells; a row run together is no sentence.
    proseSentences(
      passage.text
        .split('\n')
        .filter((line) => !IS_TABLE_LINE.test(line))
        .join('\n'),
    ).flatMap((sentence) => {
      const key = `${passage.documentId}\u0000${sentence}`
      if (seen.has(key)) return []
      seen.add(key)
      return [{ passage, sentence }]
    }),
  )
}

export const quoted = (said: Said[]) => said.map(({ sentence }) => `"${sentence}"`).join(' ')
export const MAX_SOURCES = 3
