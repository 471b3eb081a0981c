import { z } from 'zod'

import { DocumentStatisticsSchema } from '../documents/contract'
import { MemberSchema, OrganizationSchema } from '../organizations/contract'
import { DueSoonSchema } from '../readiness/actions/contract'

// The dashboard's body, declared once from the contracts of the features it gathers: the service
// returns it, the web tier's client checks what it is sent against it.

/** The organization, its first members with the total, the document statistics and the tasks due this week. */
export const DashboardSchema = z.object({
  organization: OrganizationSchema,
  members: z.array(MemberSchema),
  statistics: DocumentStatisticsSchema,
  due_this_week: DueSoonSchema,
})

export type DashboardPayload = z.infer<typeof DashboardSchema>
