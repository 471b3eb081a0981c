import { z } from 'zod'

import { CONVERSATION_STATUSES, MESSAGE_ROLES } from '../../shared/chat'

// The response bodies of the conversations API, declared once: the payload functions write them,
// the web tier's client checks what it is sent against them. Only zod and shared/, so the web tier
// may load it.

/**
 * Spec §3 "Conversation", plus the documents its answers are limited to (null: all of them), the
 * template that started it, and the meeting whose transcript it was made from.
 */
export const ConversationSchema = z.object({
  id: z.number(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number(),
  document_ids: z.array(z.number()).nullable(),
  template_id: z.string().nullable(),
  meeting_id: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
})

/** A cited passage: a document's chunk, or a meeting's turn (a message of the conversation). */
const cited = {
  document_title: z.string(),
  page_number: z.number().nullable(),
  sheet_name: z.string().nullable(),
  relevance_score: z.number(),
  // Decision 061: the table rows the answer took from the passage, which its citation marks.
  rows: z.array(z.object({ table: z.number(), row: z.number() })).optional(),
}
const DocumentReferenceSchema = z.union([
  z.object({ ...cited, document_id: z.number(), chunk_id: z.number() }),
  z.object({ ...cited, document_id: z.null(), chunk_id: z.null(), message_id: z.number() }),
])

/** Decision 015: the working of an answer computed from tables. */
const DerivationSchema = z.object({
  figure: z.string(),
  parts: z.array(z.union([z.string(), z.object({ operand: z.number(), text: z.string() })])),
  operands: z.array(
    z.object({
      reference: z.number().nullable(),
      document_id: z.number(),
      chunk_id: z.number(),
      table: z.number(),
      row: z.number(),
      column: z.number(),
      row_label: z.string(),
      column_label: z.string(),
      text: z.string(),
      page_number: z.number().nullable(),
      sheet_name: z.string().nullable(),
    }),
  ),
  strategy: z.string().optional(),
})

/**
 * Spec §3 "Message"; an assistant message's `[n]` markers name `document_references[n - 1]`. A
 * meeting's turn has the speaker's name and their role group as its role. An answer computed from
 * tables has its `derivation`, every other message null.
 */
export const MessageSchema = z.object({
  id: z.number(),
  conversation: z.number(),
  role: z.enum(MESSAGE_ROLES),
  speaker: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
  document_references: z.array(DocumentReferenceSchema),
  derivation: DerivationSchema.nullable(),
})

/** GET /conversations/{id}/ asked with a page of its messages (docs/decisions/088). */
export const ConversationPageSchema = ConversationSchema.extend({ messages: z.array(MessageSchema) })

export type ConversationPayload = z.infer<typeof ConversationSchema>
export type MessagePayload = z.infer<typeof MessageSchema>
