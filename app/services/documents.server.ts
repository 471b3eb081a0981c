import { z } from 'zod'

// The backend's response shapes, imported as types only: erased at build, so no backend code is
// bundled, and a field renamed in api/documents/payload.ts fails the typecheck here.
import type {
  BatchUploadPayload as BatchUploadResult,
  DocumentInsightsPayload as DocumentInsights,
  DocumentListPayload as DocumentList,
  DocumentPayload as DocumentSummary,
  DocumentStatisticsPayload as DocumentStatistics,
  DocumentTextPayload as DocumentText,
  DuplicateEntryPayload as DuplicateEntry,
  RelatedDocumentPayload as RelatedDocument,
  ResolveDuplicatesPayload,
  UploadPayload,
  VersionComparisonPayload as VersionComparison,
  VersionPayload as DocumentVersion,
} from '#api/documents/contract'
import { cellParam, type CellPosition, type RowPosition, rowsParam } from '#shared/cells'
import { multipart, type StagedFile } from '~/http/uploads.server'

import { ApiError, apiFetch, apiJson } from './api-fetch.server'

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

const HeldFilesSchema = z.array(
  z.object({
    file_name: z.string(),
    duplicate_of: z.object({ id: z.number(), title: z.string(), version_number: z.number(), is_current: z.boolean() }),
    token: z.string(),
  }),
)

/** A file an upload held back because the organization already holds it, and the document that does. */
export type HeldFile = z.infer<typeof HeldFilesSchema>[number]

/** The held files of a single upload's 409 answer, or null for any other failure. */
function heldFiles(error: unknown): HeldFile[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const parsed = HeldFilesSchema.safeParse(error.body.duplicates)
  return parsed.success ? parsed.data : null
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
  return {
    statistics: () => apiJson<DocumentStatistics>(request, '/documents/statistics/'),
    list(query: ListQuery = {}) {
      const params = new URLSearchParams()
      for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value))
      return apiJson<DocumentList>(request, `/documents/?${params}`)
    },
    get: (id: number) => apiJson<DocumentSummary>(request, `/documents/${id}/`),
    /**
     * Asks first: a file the organization already holds is not stored but answered as `held`, to be
     * settled with `resolveDuplicates` once the user has chosen.
     */
    async upload(file: StagedFile, fields: UploadFields): Promise<{ stored: UploadPayload } | { held: HeldFile }> {
      try {
        const body = await multipart({ file: [file] }, { ...fields, on_duplicate: 'ask' })
        return { stored: await apiJson<UploadPayload>(request, '/documents/', { method: 'POST', body }) }
      } catch (error) {
        const held = heldFiles(error)
        if (held?.length === 1) return { held: held[0]! }
        throw error
      }
    },
    /** Stores the files the organization does not hold yet; each other one comes back held, with its token. */
    async uploadBatch(files: StagedFile[], fields: { category?: string } = {}) {
      const body = await multipart({ files }, { ...fields, on_duplicate: 'ask' })
      const result = await apiJson<BatchUploadResult>(request, '/documents/upload_batch/', { method: 'POST', body })
      return {
        ...result,
        held: HeldFilesSchema.parse(result.duplicates.filter((entry) => entry.outcome === 'undecided')),
      }
    },
    resolveDuplicates: (choices: DuplicateResolution[]) =>
      apiJson<ResolveDuplicatesPayload>(request, '/documents/resolve_duplicates/', {
        method: 'POST',
        json: { choices },
      }),
    update: (id: number, changes: { title?: string; description?: string; category?: string; tags?: string[] }) =>
      apiJson<DocumentSummary>(request, `/documents/${id}/`, { method: 'PATCH', json: changes }),
    remove: (id: number) => apiJson<Record<string, never>>(request, `/documents/${id}/`, { method: 'DELETE' }),
    reprocess: (id: number) => apiJson<DocumentSummary>(request, `/documents/${id}/reprocess/`, { method: 'POST' }),
    /**
     * A page's text; with a chunk, the page of that passage and where it is there, with the rows of
     * it an answer took, and with a cell of it too, the table holding the cell.
     */
    text: (
      id: number,
      page: number,
      { chunk, cell, rows = [] }: { chunk?: number; cell?: CellPosition; rows?: RowPosition[] } = {},
    ) =>
      apiJson<DocumentText>(
        request,
        `/documents/${id}/text/?page=${page}${chunk ? `&chunk=${chunk}` : ''}${chunk && cell ? `&cell=${cellParam(cell)}` : ''}${chunk && rows.length ? `&rows=${rowsParam(rows)}` : ''}`,
      ),
    insights: (id: number) => apiJson<DocumentInsights>(request, `/documents/${id}/insights/`),
    related: (id: number) => apiJson<RelatedDocument[]>(request, `/documents/${id}/related/`),
    versions: (id: number) => apiJson<DocumentVersion[]>(request, `/documents/${id}/versions/`),
    async uploadVersion(id: number, file: StagedFile, changes?: string) {
      return apiJson<DocumentSummary>(request, `/documents/${id}/versions/`, {
        method: 'POST',
        body: await multipart({ file: [file] }, { changes }),
      })
    },
    restore: (id: number, versionId: number) =>
      apiJson<DocumentSummary>(request, `/documents/${id}/versions/${versionId}/restore/`, { method: 'POST' }),
    compare: (id: number, from: number, to: number) =>
      apiJson<VersionComparison>(request, `/documents/${id}/versions/compare/?from=${from}&to=${to}`),
    /** The backend's streamed answer, passed on to the browser as it is. */
    download: (id: number, versionId?: number) =>
      apiFetch(request, `/documents/${id}/download/${versionId ? `?version=${versionId}` : ''}`),
  }
}
