import { templateKey } from '../conversation-templates/access'
import type { conversations, messages } from '../db/schema'

/**
 * Spec §3 "Conversation", plus the documents its answers are limited to (null: all of them) and the
 * template that started it.
 */
export const conversationPayload = (row: typeof conversations.$inferSelect) => ({
  id: row.id,
  title: row.title,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  message_count: row.messageCount,
  document_ids: row.documentIds,
  template_id: row.templateId === null ? null : templateKey(row.templateId),
})

/** Spec §3 "Message"; an assistant message's `[n]` markers name `document_references[n - 1]`. */
export const messagePayload = (row: typeof messages.$inferSelect) => ({
  id: row.id,
  conversation: row.conversationId,
  role: row.role,
  content: row.content,
  created_at: row.createdAt.toISOString(),
  document_references: row.documentReferences,
})

export type MessagePayload = ReturnType<typeof messagePayload>
