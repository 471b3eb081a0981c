import { and, eq } from 'drizzle-orm'

import { requireRole } from '../auth/access'
import { conversationTemplates, users } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { pathId } from '../kernel/validation'

/** Spec §4 "Templates and meetings". */
export const TEMPLATE_NOT_FOUND = 'Template not found'

/** Spec §9: template ids look like template-001. */
export const templateKey = (id: number) => `template-${String(id).padStart(3, '0')}`

/** The row id of a template id; only the one spelling `templateKey` gives names a template. */
export function templateId(raw: string | undefined) {
  const id = pathId(/^template-(\d+)$/.exec(raw ?? '')?.[1], TEMPLATE_NOT_FOUND)
  if (templateKey(id) !== raw) throw notFound(TEMPLATE_NOT_FOUND)
  return id
}

/** Creating, editing and deleting templates: admin and analyst; members read and use them. */
export const requireTemplateEditor = (caller: OrgCaller) => requireRole(caller, ['analyst'])

/** The template if it belongs to the caller's current organization; another's answers 404 like none. */
export async function requireTemplate(deps: Deps, caller: OrgCaller, id: number) {
  const [row] = await deps.db
    .select({ template: conversationTemplates, creator: users })
    .from(conversationTemplates)
    .leftJoin(users, eq(users.id, conversationTemplates.createdBy))
    .where(and(eq(conversationTemplates.id, id), eq(conversationTemplates.organizationId, caller.organizationId)))
  if (!row) throw notFound(TEMPLATE_NOT_FOUND)
  return row
}
