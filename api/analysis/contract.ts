import type { AnalysisBodies, AnalysisType, Source } from '../../shared/analysis'
import type { AnalysisGenerator } from '../db/schema'

// The response body of the analysis API, for its service and the web tier (`import type` only).

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
/** The passage an item comes from. */
export type AnalysisSource = Source
