import type { ExtractSchema } from 'hono/types'

import { actionRoutes } from './actions/routes'
import { analysisRoutes } from './analysis/routes'
import { assessmentRoutes } from './assessment/routes'
import { auditRoutes } from './audit/routes'
import { authRoutes } from './auth/routes'
import { checklistRoutes } from './checklist/routes'
import { templateRoutes } from './conversation-templates/routes'
import { conversationRoutes } from './conversations/routes'
import { dashboardRoutes } from './dashboard/routes'
import { documentRoutes } from './documents/routes'
import { healthRoutes } from './health/routes'
import { invitationRoutes } from './invitations/routes'
import { meetingRoutes } from './meetings/routes'
import { organizationRoutes } from './organizations/routes'
import { readinessReportRoutes } from './readiness-report/routes'
import { searchRoutes } from './search/routes'
import { userRoutes } from './users/routes'
import { valueGapRoutes } from './value-gap/routes'

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
