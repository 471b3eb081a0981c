import { z } from 'zod'

import {
  type BatchUploadPayload as BatchUploadResult,
  BatchUploadSchema,
  type DocumentInsightsPayload as DocumentInsights,
  DocumentInsightsSchema,
  type DocumentListPayload as DocumentList,
  DocumentListSchema,
  type DocumentPayload as DocumentSummary,
  DocumentSchema,
  type DocumentStatisticsPayload as DocumentStatistics,
  DocumentStatisticsSchema,
  type DocumentTextPayload as DocumentText,
  DocumentTextSchema,
  type DuplicateEntryPayload as DuplicateEntry,
  DuplicatesHeldSchema,
  DuplicatesResolvedSchema,
  type HeldDuplicatePayload as HeldFile,
  HeldDuplicateSchema,
  type RelatedDocumentPayload as RelatedDocument,
  RelatedDocumentSchema,
  type UploadPayload,
  UploadSchema,
  type VersionComparisonPayload as VersionComparison,
  VersionComparisonSchema,
  type VersionPayload as DocumentVersion,
  VersionSchema,
} from '#api/documents/contract'
import { cellParam, type CellPosition, type RowPosition, rowsParam } from '#shared/cells'
import { multipart, type StagedFile } from '~/http/uploads.server'

import { ApiError, apiFetch, apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type {
  BatchUploadResult,
  DocumentInsights,
  DocumentList,
  DocumentStatistics,
  DocumentSummary,
  DocumentText,
  DocumentVersion,
  DuplicateEntry,
  RelatedDocument,
  StagedFile,
  VersionComparison,
}

export interface UploadFields {
  title?: string
  description?: string
  category?: string
}

/** What the user chose for one held file, with the fields its document gets when kept. */
export interface DuplicateResolution extends UploadFields {
  token: string
  on_duplicate: 'keep' | 'skip' | 'new_version'
}

const HeldFilesSchema = z.array(HeldDuplicateSchema)

/** The held files of a single upload's 409 answer, or null for any other failure. */
function heldFiles(error: unknown): HeldFile[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const parsed = DuplicatesHeldSchema.safeParse(error.body)
  return parsed.success ? parsed.data.duplicates : null
}

export interface ListQuery {
  status?: string
  category?: string
  search?: string
  page?: number
  /** Up to 100; the backend's default is 20. */
  page_size?: number
}

/** The documents API, bound to the signed-in request (organization from the session). */
export function documentsApi(request: Request) {
  const documentIn = async (body: Promise<unknown>) => expectShape(DocumentSchema, await body, 'document')
  return {
    statistics: async () =>
      expectShape(
        DocumentStatisticsSchema,
        await apiJson(request, apiPath('/documents/statistics/')),
        'document statistics',
      ),
    async list(query: ListQuery = {}) {
      const params = new URLSearchParams()
      for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value))
      return expectShape(
        DocumentListSchema,
        await apiJson(request, apiPath('/documents/', undefined, params)),
        'documents',
      )
    },
    get: (id: number) => documentIn(apiJson(request, apiPath('/documents/:id/', { id }))),
    /**
     * Asks first: a file the organization already holds is not stored but answered as `held`, to be
     * settled with `resolveDuplicates` once the user has chosen.
     */
    async upload(file: StagedFile, fields: UploadFields): Promise<{ stored: UploadPayload } | { held: HeldFile }> {
      try {
        const body = await multipart({ file: [file] }, { ...fields, on_duplicate: 'ask' })
        const stored = await apiJson(request, apiPath('/documents/'), { method: 'POST', body })
        return { stored: expectShape(UploadSchema, stored, 'upload') }
      } catch (error) {
        const held = heldFiles(error)
        if (held?.length === 1) return { held: held[0]! }
        throw error
      }
    },
    /** Stores the files the organization does not hold yet; each other one comes back held, with its token. */
    async uploadBatch(files: StagedFile[], fields: { category?: string } = {}) {
      const body = await multipart({ files }, { ...fields, on_duplicate: 'ask' })
      const result = expectShape(
        BatchUploadSchema,
        await apiJson(request, apiPath('/documents/upload_batch/'), { method: 'POST', body }),
        'batch upload',
      )
      return {
        ...result,
        held: HeldFilesSchema.parse(result.duplicates.filter((entry) => entry.outcome === 'undecided')),
      }
    },
    resolveDuplicates: async (choices: DuplicateResolution[]) =>
      expectShape(
        DuplicatesResolvedSchema,
        await apiJson(request, apiPath('/documents/resolve_duplicates/'), { method: 'POST', json: { choices } }),
        'duplicates resolved',
      ),
    update: (id: number, changes: { title?: string; description?: string; category?: string; tags?: string[] }) =>
      documentIn(apiJson(request, apiPath('/documents/:id/', { id }), { method: 'PATCH', json: changes })),
    remove: (id: number) =>
      apiJson<Record<string, never>>(request, apiPath('/documents/:id/', { id }), { method: 'DELETE' }),
    reprocess: (id: number) =>
      documentIn(apiJson(request, apiPath('/documents/:id/reprocess/', { id }), { method: 'POST' })),
    /**
     * A page's text; with a chunk, the page of that passage and where it is there, with the rows of
     * it an answer took, and with a cell of it too, the table holding the cell.
     */
    text: async (
      id: number,
      page: number,
      { chunk, cell, rows = [] }: { chunk?: number; cell?: CellPosition; rows?: RowPosition[] } = {},
    ) =>
      expectShape(
        DocumentTextSchema,
        await apiJson(
          request,
          apiPath(
            '/documents/:id/text/',
            { id },
            `page=${page}${chunk ? `&chunk=${chunk}` : ''}${chunk && cell ? `&cell=${cellParam(cell)}` : ''}${chunk && rows.length ? `&rows=${rowsParam(rows)}` : ''}`,
          ),
        ),
        'document text',
      ),
    insights: async (id: number) =>
      expectShape(
        DocumentInsightsSchema,
        await apiJson(request, apiPath('/documents/:id/insights/', { id })),
        'document insights',
      ),
    related: async (id: number) =>
      expectShape(
        z.array(RelatedDocumentSchema),
        await apiJson(request, apiPath('/documents/:id/related/', { id })),
        'related documents',
      ),
    versions: async (id: number) =>
      expectShape(
        z.array(VersionSchema),
        await apiJson(request, apiPath('/documents/:id/versions/', { id })),
        'versions',
      ),
    async uploadVersion(id: number, file: StagedFile, changes?: string) {
      const body = await multipart({ file: [file] }, { changes })
      return documentIn(apiJson(request, apiPath('/documents/:id/versions/', { id }), { method: 'POST', body }))
    },
    restore: (id: number, versionId: number) =>
      documentIn(
        apiJson(request, apiPath('/documents/:id/versions/:versionId/restore/', { id, versionId }), { method: 'POST' }),
      ),
    compare: async (id: number, from: number, to: number) =>
      expectShape(
        VersionComparisonSchema,
        await apiJson(request, apiPath('/documents/:id/versions/compare/', { id }, `from=${from}&to=${to}`)),
        'version comparison',
      ),
    /** The backend's streamed answer, passed on to the browser as it is. */
    download: (id: number, versionId?: number) =>
      apiFetch(request, apiPath('/documents/:id/download/', { id }, versionId ? `version=${versionId}` : '')),
  }
}
