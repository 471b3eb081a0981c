import { openAsBlob } from 'node:fs'
import { ApiError, apiFetch, apiJson } from './api-fetch.server'

export type FileType = 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'txt' | 'csv'
export type ProcessingStatus = 'pending' | 'processing' | 'processed' | 'failed'

export interface DocumentStatistics {
  total_documents: number
  processed_documents: number
  processing_documents: number
  pending_documents: number
  failed_documents: number
  by_file_type: Record<string, number>
}

export interface DocumentSummary {
  id: number
  title: string
  description: string
  file_name: string
  file_type: FileType
  file_size: number
  category: string
  categories: string[]
  tags: string[]
  processing_status: ProcessingStatus
  failure_reason: string | null
  page_count: number | null
  word_count: number | null
  extraction_note: string | null
  created_at: string
  updated_at: string
  created_by: { id: number; email: string; first_name: string; last_name: string } | null
  current_version: number | null
  version_count: number
}

export interface DocumentList {
  count: number
  page: number
  page_size: number
  results: DocumentSummary[]
  categories: string[]
}

export interface DocumentVersion {
  id: number
  version_number: number
  file_name: string
  file_type: FileType
  size: number
  changes: string
  created_at: string
  created_by: { email: string; first_name: string; last_name: string } | null
  is_current: boolean
}

export interface DocumentText {
  page_count: number
  pages: Array<{ number: number; kind: 'page' | 'sheet' | 'section'; label: string | null }>
  page: { number: number; kind: 'page' | 'sheet' | 'section'; label: string | null; text: string } | null
}

export interface DocumentInsights {
  page_count: number | null
  section_count: number
  word_count: number
  key_terms: Array<{ term: string; count: number }>
  figures: string[]
}

export interface VersionComparison {
  from: number
  to: number
  added_lines: number
  removed_lines: number
  changes: Array<{ type: 'added' | 'removed' | 'same'; text: string }>
}

/** A document close in meaning to another (score 0..1 above the unrelated baseline). */
export interface RelatedDocument {
  document_id: number
  document_title: string
  file_type: FileType
  score: number
}

export interface BatchUploadResult {
  document_ids: number[]
  message: string
  refused: Array<{ file_name: string; reason: string }>
}

/** A file the upload form wrote to a temporary folder (Remix's file upload handler). */
export interface StagedFile {
  name: string
  getFilePath(): string
}

/** Re-sends staged files as a streamed multipart body: openAsBlob reads from disk as it is sent. */
async function multipart(files: Record<string, StagedFile[]>, fields: Record<string, string | undefined> = {}) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value)
  for (const [name, staged] of Object.entries(files)) {
    for (const file of staged) body.append(name, await openAsBlob(file.getFilePath()), file.name)
  }
  return body
}

export interface ListQuery {
  status?: string
  category?: string
  search?: string
  page?: number
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
    async upload(file: StagedFile, fields: { title?: string; description?: string; category?: string }) {
      return apiJson<DocumentSummary>(request, '/documents/', { method: 'POST', body: await multipart({ file: [file] }, fields) })
    },
    async uploadBatch(files: StagedFile[], fields: { category?: string } = {}) {
      return apiJson<BatchUploadResult>(request, '/documents/upload_batch/', { method: 'POST', body: await multipart({ files }, fields) })
    },
    update: (id: number, changes: { title?: string; description?: string; category?: string; tags?: string[] }) =>
      apiJson<DocumentSummary>(request, `/documents/${id}/`, { method: 'PATCH', json: changes }),
    remove: (id: number) => apiJson<Record<string, never>>(request, `/documents/${id}/`, { method: 'DELETE' }),
    reprocess: (id: number) => apiJson<DocumentSummary>(request, `/documents/${id}/reprocess/`, { method: 'POST' }),
    text: (id: number, page: number) => apiJson<DocumentText>(request, `/documents/${id}/text/?page=${page}`),
    insights: (id: number) => apiJson<DocumentInsights>(request, `/documents/${id}/insights/`),
    related: (id: number) => apiJson<RelatedDocument[]>(request, `/documents/${id}/related/`),
    versions: (id: number) => apiJson<DocumentVersion[]>(request, `/documents/${id}/versions/`),
    async uploadVersion(id: number, file: StagedFile, changes?: string) {
      return apiJson<DocumentSummary>(request, `/documents/${id}/versions/`, { method: 'POST', body: await multipart({ file: [file] }, { changes }) })
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

/** Field errors of a 400 answer (`{field: [messages]}`), or null for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null
  const fields: Record<string, string[]> = {}
  for (const [key, value] of Object.entries(error.body)) {
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) fields[key] = value
    else if (key === 'detail' && typeof value === 'string') fields[''] = [value]
  }
  return fields
}
