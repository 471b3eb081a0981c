import { apiJson } from './api-fetch.server'

export interface DocumentStatistics {
  total_documents: number
  processed_documents: number
  processing_documents: number
  pending_documents: number
  failed_documents: number
  by_file_type: Record<string, number>
}

/** The documents API, bound to the signed-in request (organization from the session). */
export function documentsApi(request: Request) {
  return {
    statistics: () => apiJson<DocumentStatistics>(request, '/documents/statistics/'),
  }
}
