import { z } from 'zod'

import type { ConversationPayload, MessagePayload } from '#api/conversations/contract'

import { apiFetch, apiJson } from './api-fetch.server'
import { expectPartialShape } from './api-shape.server'

// The backend's response shapes, imported as types only (erased at build).
export type Conversation = ConversationPayload
export type Message = MessagePayload

// What the pages read of them.
const ConversationShape = z.object({
  id: z.number(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number(),
})
// Decision 015: the working of an answer computed from tables (null for any other message).
const DerivationShape = z.object({
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
      page_number: z.number().nullable(),
      sheet_name: z.string().nullable(),
    }),
  ),
})
const MessageShape = z.object({
  id: z.number(),
  role: z.enum(['user', 'assistant', 'client', 'advisor', 'participant']),
  speaker: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
  document_references: z.array(
    z.object({
      document_id: z.number().nullable(),
      document_title: z.string(),
      relevance_score: z.number(),
      chunk_id: z.number().nullable(),
      message_id: z.number().optional(),
      // Decision 061: the table rows the answer took from the passage, which its citation marks.
      rows: z.array(z.object({ table: z.number(), row: z.number() })).optional(),
    }),
  ),
  derivation: DerivationShape.nullable(),
})

const path = (id: number, rest = '') => `/conversations/${id}/${rest}`

/** The conversations API (spec §7 "Conversations"), bound to the signed-in request. */
export function conversationsApi(request: Request) {
  return {
    list: async () =>
      expectPartialShape<Conversation[]>(
        z.array(ConversationShape),
        await apiJson(request, '/conversations/'),
        'conversations',
      ),
    get: async (id: number) =>
      expectPartialShape<Conversation>(ConversationShape, await apiJson(request, path(id)), 'conversation'),
    create: async (input: { title?: string; document_ids?: number[]; template_id?: string }) =>
      expectPartialShape<Conversation>(
        ConversationShape,
        await apiJson(request, '/conversations/', { method: 'POST', json: input }),
        'conversation',
      ),
    rename: (id: number, title: string) =>
      apiJson<Conversation>(request, path(id), { method: 'PATCH', json: { title } }),
    remove: (id: number) => apiJson<void>(request, path(id), { method: 'DELETE' }),
    messages: async (id: number) =>
      expectPartialShape<Message[]>(z.array(MessageShape), await apiJson(request, path(id, 'messages/')), 'messages'),
    /** The conversation as a PDF or Word file, streamed on as it comes. */
    exportFile: (id: number, query: URLSearchParams) => apiFetch(request, path(id, `export/?${query}`)),
    /** Asks and waits for the whole answer (the chat page without JavaScript). */
    ask: async (id: number, content: string) =>
      expectPartialShape<Message>(
        MessageShape,
        await apiJson(request, path(id, 'add_message/'), { method: 'POST', json: { content } }),
        'message',
      ),
    /** Asks and returns the backend's event stream as it comes (the relay reads it). */
    stream: (id: number, content: string, signal: AbortSignal) =>
      apiFetch(request, path(id, 'add_message_streaming/?stream=true'), {
        method: 'POST',
        json: { content },
        signal,
      }),
  }
}
