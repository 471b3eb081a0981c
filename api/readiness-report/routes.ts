import { Hono } from 'hono'

import { requireCaller } from '../auth/middleware'
import { getChecklist } from '../checklist/service'
import type { AppEnv } from '../context'
import { ExportQuerySchema } from '../exports/formats'
import { sendReport } from '../exports/respond'
import { requireCurrentOrganization } from '../organizations/access'
import { readQuery } from '../validation'
import { readinessReport } from './report'

/** The organization's readiness report as a PDF or Word file: every member may read it, as they read the pages. */
export const readinessReportRoutes = new Hono<AppEnv>()
  .use('/readiness/*', requireCaller)
  .get('/readiness/report/', async (c) => {
    const { caller, organization } = await requireCurrentOrganization(c)
    const query = readQuery(c, ExportQuerySchema)
    const { deps } = c.var
    const checklist = await getChecklist(deps, caller)
    return sendReport(c, readinessReport({ organization: organization.name, date: deps.clock.now(), checklist }), query)
  })
