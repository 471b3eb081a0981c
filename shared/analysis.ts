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
