import { ANALYSIS_TITLES, type AnalysisType } from '../../shared/analysis'
import type { AnalysisBodies, Source } from '../ai/analysis/types'
import type { AnalysisGenerator, analysisResults, documents } from '../db/schema'

type ResultRow = typeof analysisResults.$inferSelect

interface Header<T extends AnalysisType> {
  document_id: number
  document_title: string
  version_id: number
  type: T
  generated_by: AnalysisGenerator
  created_at: string
  /** True when the stored result of an earlier request for this version and type is answered. */
  cached: boolean
  title: string
}

/**
 * Spec §3 "Analysis results" ({title, content}, {title, findings}, {title, risks}, {title,
 * recommendations}) with every item an object that names its source (docs/decisions/014).
 */
export type AnalysisPayload = { [T in AnalysisType]: Header<T> & AnalysisBodies[T] }[AnalysisType]
export type { Source as AnalysisSource }

export function analysisPayload(
  row: ResultRow,
  document: Pick<typeof documents.$inferSelect, 'id' | 'title'>,
  cached: boolean,
): AnalysisPayload {
  return {
    document_id: document.id,
    document_title: document.title,
    version_id: row.documentVersionId,
    type: row.type,
    generated_by: row.generatedBy,
    created_at: row.createdAt.toISOString(),
    cached,
    title: ANALYSIS_TITLES[row.type],
    ...row.result,
  } as AnalysisPayload
}
