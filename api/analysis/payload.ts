import { ANALYSIS_TITLES } from '../../shared/analysis'
import type { analysisResults, documents } from '../db/schema'
import type { AnalysisPayload } from './contract'

type ResultRow = typeof analysisResults.$inferSelect

export function analysisPayload(
  row: ResultRow,
  document: Pick<typeof documents.$inferSelect, 'id' | 'title'>,
  cached: boolean,
): AnalysisPayload {
  // The offline engine's edition is the store's business (api/analysis/service.ts), not the API's.
  const { engine: _engine, ...body } = row.result as typeof row.result & { engine?: number }
  return {
    document_id: document.id,
    document_title: document.title,
    version_id: row.documentVersionId,
    type: row.type,
    generated_by: row.generatedBy,
    created_at: row.createdAt.toISOString(),
    cached,
    title: ANALYSIS_TITLES[row.type],
    ...body,
  } as AnalysisPayload
}
