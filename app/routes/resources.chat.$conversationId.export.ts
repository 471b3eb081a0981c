import type { LoaderFunctionArgs } from '@remix-run/node'

import { requireUser } from '~/services/auth.server'
import { conversationsApi } from '~/services/chat.server'
import { downloadFailure, exportQuery, passFileOn, requestedReportFormat } from '~/services/downloads.server'
import { requireId } from '~/utils/route-id'

/** A conversation as a PDF or Word file (`?format=pdf|docx`); 404 for anything not the caller's. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  const id = requireId(params.conversationId, 'Not found')
  const query = await exportQuery(request, requestedReportFormat(request))
  const response = await conversationsApi(request).exportFile(id, query)
  if (!response.ok) throw await downloadFailure(response)
  return passFileOn(response)
}
