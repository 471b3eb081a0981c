import { parseCellParam, parseRowsParam } from '#shared/cells'
import { notFound } from '~/http/responses.server'
import { canAnalyze, canManageDocuments } from '~/utils/access'
import { type AnalysisOutcome, isAnalysisType } from '~/utils/analysis'
import { DOCUMENT_TABS, type DocumentDetailData, type DocumentTab } from '~/utils/document-detail'

import { runAnalysis } from './analysis.server'
import { ApiError } from './api-fetch.server'
import { currentUser } from './auth.server'
import {
  type DocumentInsights,
  documentsApi,
  type DocumentText,
  type DocumentVersion,
  type RelatedDocument,
  type VersionComparison,
} from './documents.server'

/** Everything the document panel shows for one tab: the page at /documents/{id} and the overlay. */
export async function loadDocumentDetail(request: Request, id: number): Promise<DocumentDetailData> {
  const me = await currentUser(request)
  const url = new URL(request.url)
  const tab = (DOCUMENT_TABS as readonly string[]).includes(url.searchParams.get('tab') ?? '')
    ? (url.searchParams.get('tab') as DocumentTab)
    : 'preview'
  const api = documentsApi(request)
  const document = await getDocument(api, id)
  let preview: DocumentText | null = null
  let insights: DocumentInsights | null = null
  let versions: DocumentVersion[] | null = null
  let comparison: VersionComparison | null = null
  let compareError: string | null = null
  let categories: string[] = []
  let related: RelatedDocument[] = []
  let analysis: AnalysisOutcome | null = null
  if (tab === 'preview' && document.processing_status === 'processed') {
    const chunk = Number(url.searchParams.get('chunk'))
    preview = await api.text(id, Math.max(1, Number(url.searchParams.get('page')) || 1), {
      chunk: Number.isSafeInteger(chunk) && chunk > 0 ? chunk : undefined,
      cell: parseCellParam(url.searchParams.get('cell')) ?? undefined,
      rows: parseRowsParam(url.searchParams.get('rows')),
    })
  }
  if (tab === 'analysis' && document.processing_status === 'processed') {
    // `analysis` names the type to run (the tab's form), with the same engine as /analysis.
    const type = url.searchParams.get('analysis')
    const run = canAnalyze(me.role) && isAnalysisType(type) ? runAnalysis(request, id, type) : null
    ;[insights, analysis] = await Promise.all([api.insights(id), run])
  }
  if (tab === 'metadata')
    [categories, related] = await Promise.all([api.list({ page: 1 }).then((list) => list.categories), api.related(id)])
  if (tab === 'versions') {
    versions = await api.versions(id)
    const from = Number(url.searchParams.get('from'))
    const to = Number(url.searchParams.get('to'))
    if (from && to) {
      try {
        comparison = await api.compare(id, from, to)
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error
        compareError = error.message
      }
    }
  }
  return {
    document,
    tab,
    canEdit: canManageDocuments(me.role),
    canAnalyze: canAnalyze(me.role),
    preview,
    insights,
    versions,
    comparison,
    compareError,
    categories,
    related,
    analysis,
    now: Date.now(),
  }
}

export const documentNotFound = () => notFound('Document not found')

/** The document, or the page's 404 when the backend has none by that id in the user's organization. */
export async function getDocument(api: ReturnType<typeof documentsApi>, id: number) {
  try {
    return await api.get(id)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw documentNotFound()
    throw error
  }
}
