/** Document analysis (spec §2 "Analysis page", §3 "Analysis results"): the names both tiers share. */

export const ANALYSIS_TYPES = ['summary', 'key-findings', 'risks', 'recommendations'] as const
export type AnalysisType = (typeof ANALYSIS_TYPES)[number]

/** Each type's name, as the page's radio choices and the results' titles spell it. */
export const ANALYSIS_TITLES: Record<AnalysisType, string> = {
  summary: 'Document Summary',
  'key-findings': 'Key Findings',
  risks: 'Risk Assessment',
  recommendations: 'Recommendations',
}

/** The exit-planning risk categories, as they are shown. */
export const RISK_CATEGORIES = [
  'Customer concentration',
  'Key-person dependence',
  'Financial quality',
  'Legal and contractual',
  'Tax',
  'Operational',
  'Market',
  'Succession',
] as const
export type RiskCategory = (typeof RISK_CATEGORIES)[number]

export const RISK_LEVELS = ['High', 'Medium', 'Low'] as const
export type RiskLevel = (typeof RISK_LEVELS)[number]

/** What a recommendation may follow from besides a risk category. */
export const FINDINGS_BASIS = 'Key findings'

/** What an analysis item's source says about where it is (api/ai/analysis/types.ts `Source`). */
export interface SourcePlace {
  page_number: number | null
  sheet_name: string | null
  cell?: { sheet: string; row: number; column: string | null }
}

/**
 * Where an item's words are, as a reader finds them: "Customers, row 4, Share of revenue (%)" for a
 * row of a CSV or sheet, "Page 3", "Sheet Forecast"; null when the text has no pages or sheets.
 */
export function sourcePlace(source: SourcePlace): string | null {
  if (source.cell) return [source.cell.sheet, `row ${source.cell.row}`, source.cell.column].filter(Boolean).join(', ')
  if (source.page_number !== null) return `Page ${source.page_number}`
  if (source.sheet_name) return `Sheet ${source.sheet_name}`
  return null
}
