import type { LoaderFunctionArgs } from '@remix-run/node'

import { notFound } from '~/http/responses.server'
import { analysisApi } from '~/services/analysis.server'
import { requireRole } from '~/services/auth.server'
import { downloadFailure, exportQuery, passFileOn } from '~/services/downloads.server'
import { ACCESS_DENIED } from '~/utils/access'
import { isAnalysisType } from '~/utils/analysis'
import type { ExportFormat } from '~/utils/export-formats'

/**
 * An analysis as a file with its source references (`?document={id}&type={type}&format=pdf|docx`,
 * Markdown without a format), streamed from the backend with its type and name.
 */
const isFormat = (format: string): format is ExportFormat => ['md', 'pdf', 'docx'].includes(format)

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ['analyst'], ACCESS_DENIED.analysis)
  const params = new URL(request.url).searchParams
  const documentId = Number(params.get('document'))
  const type = params.get('type')
  const format = params.get('format') ?? 'md'
  if (!Number.isSafeInteger(documentId) || documentId <= 0 || !isAnalysisType(type) || !isFormat(format))
    throw notFound('Not found')
  const response = await analysisApi(request).exportFile({ documentId, type }, await exportQuery(request, format))
  // Not ours (404), not processed yet (409, with the backend's reason), refused (403), busy (429, 503).
  if (!response.ok) throw await downloadFailure(response, 'Failed to perform analysis')
  return passFileOn(response)
}
