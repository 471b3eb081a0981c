import { and, eq } from 'drizzle-orm'

import { conversations } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { pathId } from '../kernel/validation'

export const CONVERSATION_NOT_FOUND = 'Conversation not found.'

export const conversationId = (raw: string | undefined) => pathId(raw, CONVERSATION_NOT_FOUND)

/**
 * The conversation if the caller created it in their current organization. Anyone else's, in this
 * organization or another, answers 404 like one that does not exist.
 */
export async function requireConversation({ db }: Deps, caller: OrgCaller, id: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, id),
        eq(conversations.organizationId, caller.organizationId),
        eq(conversations.userId, caller.userId),
      ),
    )
  if (!row) throw notFound(CONVERSATION_NOT_FOUND)
  return row
}
