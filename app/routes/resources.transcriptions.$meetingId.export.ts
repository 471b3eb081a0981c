import type { LoaderFunctionArgs } from '@remix-run/node'

import { notFound } from '~/http/responses.server'
import { requireUser } from '~/services/auth.server'
import { downloadFailure, exportQuery, passFileOn, requestedReportFormat } from '~/services/downloads.server'
import { meetingsApi } from '~/services/transcriptions.server'

/** A meeting's notes as a PDF or Word file (`?format=pdf|docx`); 404 for anything not in the caller's organization. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  if (!params.meetingId) throw notFound('Not found')
  const query = await exportQuery(request, requestedReportFormat(request))
  const response = await meetingsApi(request).exportFile(params.meetingId, query)
  if (!response.ok) throw await downloadFailure(response)
  return passFileOn(response)
}
