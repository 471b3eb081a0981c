import { apiFetch } from './api-fetch.server'
import { apiPath } from './api-path.server'

/** The readiness report's file, as the backend renders it (`format`, `time_zone`). */
export const readinessReportApi = (request: Request) => ({
  exportFile: (query: URLSearchParams) => apiFetch(request, apiPath('/readiness/report/', undefined, query)),
})
