import { z } from 'zod'

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

/** What an analysis item's source says about where it is. */
export type SourcePlace = Pick<Source, 'page_number' | 'sheet_name' | 'cell'>

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

/** Who wrote a stored result: the offline engine or the configured model. */
export const ANALYSIS_GENERATORS = ['offline', 'llm'] as const
export type AnalysisGenerator = (typeof ANALYSIS_GENERATORS)[number]

// The results of an analysis as stored (api/db/schema.ts) and sent (api/analysis/contract.ts),
// declared once: the engines' types are these schemas' and the web tier checks what it is sent
// against them. Here rather than in the contract because the store and the engines below the
// features name them too.

/** Where an item comes from: its chunk, the chunk's page or sheet, and the words it rests on. */
export const SourceSchema = z.object({
  chunk_id: z.number(),
  page_number: z.number().nullable(),
  sheet_name: z.string().nullable(),
  quote: z.string(),
  /**
   * For a row of a CSV or a spreadsheet, where it stands in words a reader finds it by: the sheet
   * (a CSV's is the document's title), the row as the sheet counts them (the header row is 1) and
   * the header of the column the item rests on, as a reader names it ("Share of revenue (%)").
   * Absent for prose, and in results stored before it was kept.
   */
  cell: z.object({ sheet: z.string(), row: z.number(), column: z.string().nullable() }).optional(),
})
export type Source = z.infer<typeof SourceSchema>

export const SentenceSchema = z.object({ text: z.string(), source: SourceSchema })
export type Sentence = z.infer<typeof SentenceSchema>

export const RiskSchema = z.object({
  category: z.enum(RISK_CATEGORIES),
  level: z.enum(RISK_LEVELS),
  description: z.string(),
  evidence: z.string(),
  source: SourceSchema,
})
export type Risk = z.infer<typeof RiskSchema>

export const RecommendationSchema = z.object({
  text: z.string(),
  /** The risk categories (or 'Key findings') it follows from. */
  addresses: z.array(z.string()),
  source: SourceSchema.nullable(),
})
export type Recommendation = z.infer<typeof RecommendationSchema>

/** What each analysis type answers besides the header fields, as stored and sent. */
export const ANALYSIS_BODY_SCHEMAS = {
  summary: z.object({ content: z.string(), sentences: z.array(SentenceSchema) }),
  'key-findings': z.object({ findings: z.array(SentenceSchema) }),
  risks: z.object({ risks: z.array(RiskSchema) }),
  recommendations: z.object({ recommendations: z.array(RecommendationSchema) }),
} satisfies Record<AnalysisType, z.AnyZodObject>

export type AnalysisBodies = { [T in AnalysisType]: z.infer<(typeof ANALYSIS_BODY_SCHEMAS)[T]> }

export type AnalysisBody<T extends AnalysisType = AnalysisType> = AnalysisBodies[T]
