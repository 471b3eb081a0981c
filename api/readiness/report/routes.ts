import { Hono } from 'hono'

import { currentMember, type MemberEnv } from '../../auth/access'
import { requireCaller } from '../../auth/middleware'
import { ExportQuerySchema } from '../../exports/formats'
import { sendReport } from '../../exports/respond'
import { readQuery } from '../../kernel/validation'
import { getPlan } from '../actions/service'
import { getAssessment } from '../assessment/service'
import { getChecklist } from '../checklist/service'
import { getValueGap } from '../value-gap/service'
import { readinessReport } from './report'

/** The organization's readiness report as a PDF or Word file: every member may read it, as they read the pages. */
export const readinessReportRoutes = new Hono<MemberEnv>()
  .use('/readiness/*', requireCaller, currentMember)
  .get('/readiness/report/', async (c) => {
    const { caller, organization } = c.get('member')
    const query = readQuery(c, ExportQuerySchema)
    const deps = c.get('deps')
    // The plan's suggestions are read from the same checklist the report shows, not a second time.
    const checklist = await getChecklist(deps, caller)
    const [assessment, valueGap, plan] = await Promise.all([
      getAssessment(deps, caller, organization.searchGeneration),
      getValueGap(deps, caller, organization.searchGeneration),
      getPlan(deps, caller, { checklist }, query.time_zone),
    ])
    const parts = {
      organization: organization.name,
      date: deps.clock.now(),
      timeZone: query.time_zone,
      assessment,
      valueGap,
      checklist,
      plan,
    }
    return sendReport(c, readinessReport(parts), query)
  })
