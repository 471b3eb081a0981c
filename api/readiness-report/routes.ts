import { Hono } from 'hono'

import { getAssessment } from '../assessment/service'
import { requireCaller } from '../auth/middleware'
import { getChecklist } from '../checklist/service'
import type { AppEnv } from '../context'
import { ExportQuerySchema } from '../exports/formats'
import { sendReport } from '../exports/respond'
import { requireCurrentOrganization } from '../organizations/access'
import { readQuery } from '../validation'
import { getValueGap } from '../value-gap/service'
import { readinessReport } from './report'

/** The organization's readiness report as a PDF or Word file: every member may read it, as they read the pages. */
export const readinessReportRoutes = new Hono<AppEnv>()
  .use('/readiness/*', requireCaller)
  .get('/readiness/report/', async (c) => {
    const { caller, organization } = await requireCurrentOrganization(c)
    const query = readQuery(c, ExportQuerySchema)
    const { deps } = c.var
    const [assessment, valueGap, checklist] = await Promise.all([
      getAssessment(deps, caller),
      getValueGap(deps, caller),
      getChecklist(deps, caller),
    ])
    const parts = { organization: organization.name, date: deps.clock.now(), assessment, valueGap, checklist }
    return sendReport(c, readinessReport(parts), query)
  })
