import { and, eq, sql } from 'drizzle-orm'

import { preparedStatement } from '../db/prepared'
import { conversations } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { pathId } from '../kernel/validation'

export const CONVERSATION_NOT_FOUND = 'Conversation not found.'

export const conversationId = (raw: string | undefined) => pathId(raw, CONVERSATION_NOT_FOUND)

// Built once per database: every question and every conversation page asks it.
const callersConversation = preparedStatement((db) =>
  db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, sql.placeholder('id')),
        eq(conversations.organizationId, sql.placeholder('organizationId')),
        eq(conversations.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('callers_conversation'),
)

/**
 * The conversation if the caller created it in their current organization. Anyone else's, in this
 * organization or another, answers 404 like one that does not exist.
 */
export async function requireConversation({ db }: Deps, caller: OrgCaller, id: number) {
  const [row] = await callersConversation(db).execute({
    id,
    organizationId: caller.organizationId,
    userId: caller.userId,
  })
  if (!row) throw notFound(CONVERSATION_NOT_FOUND)
  return row
}
