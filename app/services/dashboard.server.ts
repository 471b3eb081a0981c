import { z } from 'zod'

// The backend's response shape, imported as a type only (erased at build).
import type { DashboardPayload } from '#api/dashboard/contract'

import { apiJson } from './api-fetch.server'
import { expectPartialShape } from './api-shape.server'
import { readerQuery } from './downloads.server'

export type Dashboard = DashboardPayload

// What the page reads: the organization it names and the members it lists.
const DashboardShape = z.object({
  organization: z.object({ name: z.string(), members_count: z.number() }),
  members: z.array(z.object({ id: z.number(), user: z.object({ email: z.string() }) })),
  statistics: z.object({ total_documents: z.number() }),
  due_this_week: z.object({
    count: z.number(),
    tasks: z.array(z.object({ id: z.number(), title: z.string(), due_date: z.string(), overdue: z.boolean() })),
  }),
})

/** The dashboard's view of the current organization (GET /api/dashboard/), in one call. */
export const dashboardApi = (request: Request) => ({
  get: async () =>
    expectPartialShape<Dashboard>(
      DashboardShape,
      await apiJson(request, `/dashboard/?${await readerQuery(request)}`),
      'dashboard',
    ),
})
