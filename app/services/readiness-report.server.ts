import { apiFetch } from './api-fetch.server'

/** The readiness report's file, as the backend renders it (`format`, `time_zone`). */
export const readinessReportApi = (request: Request) => ({
  exportFile: (query: URLSearchParams) => apiFetch(request, `/readiness/report/?${query}`),
})
