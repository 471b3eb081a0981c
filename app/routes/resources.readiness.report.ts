import type { LoaderFunctionArgs } from '@remix-run/node'

import { exportQuery, passFileOn, requestedReportFormat } from '~/services/downloads.server'
import { readinessReportApi } from '~/services/readiness-report.server'
import { requireUser } from '~/session/auth.server'

/** The organization's readiness report as a PDF or Word file (`?format=pdf|docx`), for every member. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  const query = await exportQuery(request, requestedReportFormat(request))
  const response = await readinessReportApi(request).exportFile(query)
  if (!response.ok) throw new Response('The report could not be made', { status: 502 })
  return passFileOn(response)
}
