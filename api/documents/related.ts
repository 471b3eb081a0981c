import { sql } from 'drizzle-orm'

import type { FileType } from '../../shared/file-types'
import { rowsOf } from '../db/sql-values'
import type { Deps, OrgCaller } from '../kernel/context'
import { requireDocument } from './access'
import type { RelatedDocumentPayload } from './contract'

const RELATED_LIMIT = 5

/**
 * The organization's documents closest in meaning to this one: nearest mean chunk vectors, made by
 * the same model. Similarity is rescaled from the provider's baseline for unrelated texts, and
 * documents at or below it are left out.
 */
export async function relatedDocuments(deps: Deps, caller: OrgCaller, id: number): Promise<RelatedDocumentPayload[]> {
  await requireDocument(deps, caller, id)
  const organizationId = caller.organizationId
  const rows = rowsOf(
    await deps.db.execute(sql`
      with target as (
        select embedding, embedding_model from document_embeddings
        where document_id = ${id} and organization_id = ${organizationId}
      )
      select d.id, d.title, d.file_type, 1 - (e.embedding <=> target.embedding) as similarity
      from document_embeddings e
        cross join target
        join documents d on d.id = e.document_id and d.organization_id = ${organizationId}
      where e.organization_id = ${organizationId} and e.embedding_model = target.embedding_model and e.document_id <> ${id}
      order by e.embedding <=> target.embedding, d.id
      limit ${RELATED_LIMIT}`),
  )
  const baseline = deps.embeddings.baselineSimilarity
  return rows
    .map((row) => ({
      document_id: Number(row.id),
      document_title: String(row.title),
      file_type: String(row.file_type) as FileType,
      score:
        Math.round(Math.min(1, Math.max(0, (Number(row.similarity) - baseline) / (1 - baseline))) * 10_000) / 10_000,
    }))
    .filter((related) => related.score > 0)
}
