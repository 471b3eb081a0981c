import { count, eq, sql } from 'drizzle-orm'

import { preparedStatement } from '../db/prepared'
import { documents } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import type { DocumentStatisticsPayload } from './contract'

/** Spec §3 "Document statistics", plus processing and per-file-type counts. */
const statisticsQuery = preparedStatement((db) =>
  db
    .select({ status: documents.processingStatus, fileType: documents.fileType, documents: count() })
    .from(documents)
    .where(eq(documents.organizationId, sql.placeholder('organizationId')))
    .groupBy(documents.processingStatus, documents.fileType)
    .prepare('document_statistics'),
)

export async function documentStatistics({ db }: Deps, caller: OrgCaller): Promise<DocumentStatisticsPayload> {
  const rows = await statisticsQuery(db).execute({ organizationId: caller.organizationId })
  const byStatus = { pending: 0, processing: 0, processed: 0, failed: 0 }
  const byFileType: Record<string, number> = {}
  for (const row of rows) {
    byStatus[row.status] += row.documents
    byFileType[row.fileType] = (byFileType[row.fileType] ?? 0) + row.documents
  }
  return {
    total_documents: rows.reduce((sum, row) => sum + row.documents, 0),
    processed_documents: byStatus.processed,
    processing_documents: byStatus.processing,
    pending_documents: byStatus.pending,
    failed_documents: byStatus.failed,
    by_file_type: byFileType,
  }
}
