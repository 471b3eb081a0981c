import type { ExtractSchema } from 'hono/types'

import { analysisRoutes } from './analysis/routes'
import { auditRoutes } from './audit/routes'
import { authRoutes } from './auth/routes'
import { conversationRoutes } from './chat/routes'
import { templateRoutes } from './conversation-templates/routes'
import { dashboardRoutes } from './dashboard/routes'
import { documentRoutes } from './documents/routes'
import { healthRoutes } from './health/routes'
import { invitationRoutes } from './invitations/routes'
import { organizationRoutes } from './organizations/routes'
import { actionRoutes } from './readiness/actions/routes'
import { assessmentRoutes } from './readiness/assessment/routes'
import { checklistRoutes } from './readiness/checklist/routes'
import { readinessReportRoutes } from './readiness/report/routes'
import { valueGapRoutes } from './readiness/value-gap/routes'
import { searchRoutes } from './search/routes'
import { meetingRoutes } from './transcriptions/routes'
import { userRoutes } from './users/routes'

/** Every feature's router, in the order the API mounts them under /api (api/app.ts). */
export const ROUTERS = [
  healthRoutes,
  authRoutes,
  userRoutes,
  organizationRoutes,
  invitationRoutes,
  auditRoutes,
  documentRoutes,
  searchRoutes,
  dashboardRoutes,
  conversationRoutes,
  templateRoutes,
  meetingRoutes,
  analysisRoutes,
  assessmentRoutes,
  checklistRoutes,
  valueGapRoutes,
  readinessReportRoutes,
  actionRoutes,
] as const

/**
 * The routes the API declares, each path as its router spells it ('/documents/:id/text/') with its
 * methods ('$get', '$post', …): what the web tier's client may call (app/services/api-path.server.ts).
 * A type only, so the web tier imports it without loading any of the backend.
 */
export type ApiRoutes = ExtractSchema<(typeof ROUTERS)[number]>
