import { meetingKey } from '../../shared/meetings'
import { templateKey } from '../conversation-templates/access'
import type { conversations, messages } from '../db/schema'
import type { ConversationPayload, MessagePayload } from './contract'
import { readDerivation } from './derivation'

/**
 * Spec §3 "Conversation", plus the documents its answers are limited to (null: all of them), the
 * template that started it, and the meeting whose transcript it was made from.
 */
export const conversationPayload = (row: typeof conversations.$inferSelect): ConversationPayload => ({
  id: row.id,
  title: row.title,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  message_count: row.messageCount,
  document_ids: row.documentIds,
  template_id: row.templateId === null ? null : templateKey(row.templateId),
  meeting_id: row.meetingId === null ? null : meetingKey(row.meetingId),
  status: row.status,
})

/**
 * Spec §3 "Message"; an assistant message's `[n]` markers name `document_references[n - 1]`. A
 * meeting's turn has the speaker's name and their role group as its role. Beyond the spec: an
 * answer computed from tables has its `derivation` (decision 015; its strategy alone, without parts
 * or operands, when it cites a passage and no cell), every other message null.
 */
export const messagePayload = (row: typeof messages.$inferSelect): MessagePayload => ({
  id: row.id,
  conversation: row.conversationId,
  role: row.role,
  speaker: row.speaker,
  content: row.content,
  created_at: row.createdAt.toISOString(),
  document_references: row.documentReferences,
  derivation: readDerivation(row.derivation, row.id),
})
