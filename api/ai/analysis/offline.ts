import { ANALYSIS_TYPES, type AnalysisBodies, type AnalysisType } from '../../../shared/analysis'
import { readableMoneyIn } from '../../../shared/figures'
import { documentDate } from '../text/dates'
import { findFindings } from './findings'
import { recommend } from './recommendations'
import { findRisks } from './risks'
import { summarise } from './summary'
import type { AnalysisInput } from './types'
import { unitsOf } from './units'

/**
 * The offline analysis's edition, kept with each result it stores. Raised whenever what it reads or
 * says changes, so results stored by an earlier one are computed again rather than answered: 2 reads
 * sentences whole across line, chunk and page breaks, and names CSV and sheet rows in words; 3
 * groups their figures' digits (21800000 as 21,800,000).
 */
export const OFFLINE_ENGINE = 3

/**
 * The offline analysis: computed from the document's sentences and table rows alone, the same every
 * time for the same text, and never more than the text supports (no risk stated, none reported).
 */
export function analyseOffline<T extends AnalysisType>(input: AnalysisInput, type: T): AnalysisBodies[T] {
  const units = unitsOf(input)
  const asOf = documentDate(input.chunks[0]?.text ?? '', input.uploadedAt)
  const risks = () => findRisks(units, { asOf })
  const bodies: { [K in AnalysisType]: () => AnalysisBodies[K] } = {
    // The sentences that show the most serious risks belong in a summary of what matters.
    summary: () =>
      summarise(units, input.title, new Set(risks().flatMap((risk) => (risk.level === 'High' ? [risk.position] : [])))),
    'key-findings': () => ({ findings: findFindings(units).map(({ text, source }) => ({ text, source })) }),
    risks: () => ({
      risks: risks().map(({ category, level, description, evidence, source }) => ({
        category,
        level,
        // A description retells the text's clause: its money grouped; the evidence quotes it exactly.
        description: readableMoneyIn(description),
        evidence,
        source,
      })),
    }),
    recommendations: () => ({ recommendations: recommend(risks(), findFindings(units)) }),
  }
  return bodies[type]()
}

export const isAnalysisType = (value: string): value is AnalysisType =>
  (ANALYSIS_TYPES as readonly string[]).includes(value)
