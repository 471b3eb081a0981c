import { type DashboardPayload, DashboardSchema } from '#api/dashboard/contract'

import { apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'
import { readerQuery } from './downloads.server'

export type Dashboard = DashboardPayload

/** The dashboard's view of the current organization (GET /api/dashboard/), in one call. */
export const dashboardApi = (request: Request) => ({
  get: async () =>
    expectShape(
      DashboardSchema,
      await apiJson(request, apiPath('/dashboard/', undefined, readerQuery(request))),
      'dashboard',
    ),
})
