import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm'

import { recordEvent } from '../audit/service'
import type { Database } from '../db/database'
import { conversationTemplates, users } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { requireTemplate, requireTemplateEditor, TEMPLATE_NOT_FOUND, templateKey } from './access'
import type { TemplateListPayload } from './contract'
import { templatePayload } from './payload'
import type { ListTemplatesQuery, TemplateInput, TemplatePatch } from './schema'

/** One page of the organization's templates in phase order, with the total, in one statement. */
export async function listTemplates(
  { db }: Deps,
  caller: OrgCaller,
  query: ListTemplatesQuery,
): Promise<TemplateListPayload> {
  const where = and(
    eq(conversationTemplates.organizationId, caller.organizationId),
    query.phase ? eq(conversationTemplates.phaseId, query.phase) : undefined,
  )
  const rows = await db
    .select({ template: conversationTemplates, creator: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(conversationTemplates)
    .leftJoin(users, eq(users.id, conversationTemplates.createdBy))
    .where(where)
    .orderBy(asc(conversationTemplates.phaseId), asc(conversationTemplates.name), asc(conversationTemplates.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
  return {
    count: rows[0]?.total ?? (query.page > 1 ? await countTemplates(db, where) : 0),
    page: query.page,
    page_size: query.page_size,
    results: rows.map(templatePayload),
  }
}

// Past the last page the window function has no row to count on.
async function countTemplates(db: Database, where: SQL | undefined) {
  const [row] = await db.select({ total: count() }).from(conversationTemplates).where(where)
  return row?.total ?? 0
}

export async function getTemplate(deps: Deps, caller: OrgCaller, id: number) {
  return templatePayload(await requireTemplate(deps, caller, id))
}

export async function createTemplate(deps: Deps, caller: OrgCaller, input: TemplateInput) {
  requireTemplateEditor(caller)
  const [row] = await deps.db
    .insert(conversationTemplates)
    .values({ ...input, organizationId: caller.organizationId, createdBy: caller.userId })
    .returning({ id: conversationTemplates.id })
  return getTemplate(deps, caller, row!.id)
}

export async function updateTemplate(deps: Deps, caller: OrgCaller, id: number, changes: TemplatePatch) {
  requireTemplateEditor(caller)
  const updated = await deps.db
    .update(conversationTemplates)
    .set({ ...changes, updatedAt: deps.clock.now() })
    .where(ownTemplate(caller, id))
    .returning({ id: conversationTemplates.id })
  if (!updated.length) throw notFound(TEMPLATE_NOT_FOUND)
  return getTemplate(deps, caller, id)
}

/** Deletes the template, logged with its name in the same transaction. */
export async function deleteTemplate(deps: Deps, caller: OrgCaller, id: number) {
  requireTemplateEditor(caller)
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(conversationTemplates).where(ownTemplate(caller, id)).returning({
      id: conversationTemplates.id,
      name: conversationTemplates.name,
      phase: conversationTemplates.phaseId,
    })
    if (!deleted) throw notFound(TEMPLATE_NOT_FOUND)
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'template.deleted',
      target: deleted.name,
      details: { template_id: templateKey(deleted.id), phase: deleted.phase },
    })
  })
}

const ownTemplate = (caller: OrgCaller, id: number) =>
  and(eq(conversationTemplates.id, id), eq(conversationTemplates.organizationId, caller.organizationId))
