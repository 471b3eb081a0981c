import type { organizations } from '../db/schema'
import { documentStatistics } from '../documents/statistics'
import type { Deps, OrgCaller } from '../kernel/context'
import { describeOrganization } from '../organizations/contract'
import { previewMembers } from '../organizations/service'
import { dueSoon } from '../readiness/actions/service'
import type { DashboardPayload } from './contract'

/** How many members the dashboard's team card lists. */
export const TEAM_PREVIEW = 5

/**
 * The dashboard's view of an organization: its details, the first members with the total, and the
 * document statistics, and the plan's tasks due this week (issue 34 item 4). One call, so the page
 * costs one round trip to the backend.
 */
export async function dashboard(
  deps: Deps,
  { organization, caller }: { organization: typeof organizations.$inferSelect; caller: OrgCaller },
  timeZone?: string,
): Promise<DashboardPayload> {
  const [team, statistics, due] = await Promise.all([
    previewMembers(deps, caller, TEAM_PREVIEW),
    documentStatistics(deps, caller),
    dueSoon(deps, caller, timeZone),
  ])
  return {
    organization: describeOrganization(organization, team.count, caller.role),
    members: team.members,
    statistics,
    due_this_week: due,
  }
}
