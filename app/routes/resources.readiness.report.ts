import type { LoaderFunctionArgs } from '@remix-run/node'

import { requireUser } from '~/services/auth.server'
import { downloadFailure, exportQuery, passFileOn, requestedReportFormat } from '~/services/downloads.server'
import { readinessReportApi } from '~/services/readiness-report.server'

/** The organization's readiness report as a PDF or Word file (`?format=pdf|docx`), for every member. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  const query = await exportQuery(request, requestedReportFormat(request))
  const response = await readinessReportApi(request).exportFile(query)
  if (!response.ok) throw await downloadFailure(response, 'The report could not be made')
  return passFileOn(response)
}
