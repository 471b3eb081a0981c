import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'

import { recordEvent } from '../audit/service'
import { requireTemplate, TEMPLATE_NOT_FOUND, templateId } from '../conversation-templates/access'
import { templateOutline } from '../conversation-templates/outline'
import { conversations, documents, messages } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { badRequest, HttpError, notFound } from '../kernel/http-error'
import { CONVERSATION_NOT_FOUND, requireConversation } from './access'
import { conversationPayload, messagePayload } from './payload'
import { type ConversationsQuery, type CreateConversationInput, DEFAULT_TITLE, type MessagesQuery } from './schema'

/**
 * The caller's conversations in their current organization, most recently active first: all, or
 * the page `query` names (`ConversationsQuerySchema`). A `before` that is not one of the caller's
 * conversations starts no page: the list is empty.
 */
export async function listConversations({ db }: Deps, caller: OrgCaller, query: ConversationsQuery = {}) {
  const page = db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.organizationId, caller.organizationId),
        eq(conversations.userId, caller.userId),
        query.before === undefined
          ? undefined
          : sql`(${conversations.updatedAt}, ${conversations.id}) < (
              select c.updated_at, c.id from ${conversations} c
              where c.id = ${query.before} and c.organization_id = ${caller.organizationId} and c.user_id = ${caller.userId})`,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .$dynamic()
  const rows = await (query.limit === undefined ? page : page.limit(query.limit))
  return rows.map(conversationPayload)
}

export async function createConversation(deps: Deps, caller: OrgCaller, input: CreateConversationInput) {
  const documentIds = input.document_ids ? [...new Set(input.document_ids)] : null
  if (documentIds) {
    const found = await deps.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.organizationId, caller.organizationId), inArray(documents.id, documentIds)))
    // Another organization's id is reported like one that does not exist.
    const missing = documentIds.filter((id) => !found.some((row) => row.id === id))
    if (missing.length) throw badRequest({ document_ids: [`No document with the id ${missing.join(', ')}.`] })
  }
  const template = input.template_id === undefined ? null : await startingTemplate(deps, caller, input.template_id)
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({
        organizationId: caller.organizationId,
        userId: caller.userId,
        title: input.title ?? template?.name ?? DEFAULT_TITLE,
        documentIds,
        templateId: template?.id ?? null,
        messageCount: template ? 1 : 0,
      })
      .returning()
    if (template) {
      await tx
        .insert(messages)
        .values({ conversationId: created!.id, role: 'assistant', content: templateOutline(template) })
    }
    return created!
  })
  return conversationPayload(row)
}

/** The template a conversation starts from; another organization's is reported like one that does not exist. */
async function startingTemplate(deps: Deps, caller: OrgCaller, raw: string) {
  try {
    return (await requireTemplate(deps, caller, templateId(raw))).template
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw badRequest({ template_id: [TEMPLATE_NOT_FOUND] })
    throw error
  }
}

export async function renameConversation(deps: Deps, caller: OrgCaller, id: number, title: string) {
  await requireConversation(deps, caller, id)
  const [row] = await deps.db
    .update(conversations)
    .set({ title, updatedAt: deps.clock.now() })
    .where(eq(conversations.id, id))
    .returning()
  return conversationPayload(row!)
}

/**
 * Deletes the caller's conversation, logged in the same transaction. A conversation is private to
 * its creator, so the log names neither its title nor its questions: only that one of theirs went,
 * and how many messages it held.
 */
export async function deleteConversation(deps: Deps, caller: OrgCaller, id: number) {
  await requireConversation(deps, caller, id)
  await deps.db.transaction(async (tx) => {
    const [held] = await tx.select({ messages: count() }).from(messages).where(eq(messages.conversationId, id))
    const [deleted] = await tx
      .delete(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, caller.userId)))
      .returning({ id: conversations.id })
    // Deleted meanwhile in another tab, whose deletion is the one logged.
    if (!deleted) throw notFound(CONVERSATION_NOT_FOUND)
    await recordEvent(tx, deps.clock, caller, caller.organizationId, {
      action: 'conversation.deleted',
      target: '',
      details: { conversation_id: deleted.id, messages: held?.messages ?? 0 },
    })
  })
}

/** The conversation's messages, oldest first: all of them, or the page `query` names (`MessagesQuerySchema`). */
export async function listMessages(deps: Deps, caller: OrgCaller, id: number, query: MessagesQuery = {}) {
  await requireConversation(deps, caller, id)
  return messagePage(deps, id, query)
}

/** `listMessages` of a conversation already found to be the caller's. */
export async function messagePage(deps: Deps, id: number, query: MessagesQuery) {
  const { before, after, limit } = query
  // A page before a message (or the latest) is the `limit` newest of them, read newest first.
  const newestFirst = limit !== undefined && after === undefined
  const page = deps.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, id),
        before === undefined ? undefined : lt(messages.id, before),
        after === undefined ? undefined : gt(messages.id, after),
      ),
    )
    .orderBy(newestFirst ? desc(messages.id) : asc(messages.id))
    .$dynamic()
  const rows = await (limit === undefined ? page : page.limit(limit))
  if (newestFirst) rows.reverse()
  return rows.map(messagePayload)
}
