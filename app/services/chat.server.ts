import { z } from 'zod'

import {
  type ConversationPayload as Conversation,
  ConversationSchema,
  type MessagePayload as Message,
  MessageSchema,
} from '#api/chat/contract'

import { apiFetch, apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { Conversation, Message }

/** A page of a list: ids to start `before` or `after`, and a `limit`. */
type PageQuery = Record<string, number>
const searchOf = (query: PageQuery) =>
  new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))

/** The conversations API (spec §7 "Conversations"), bound to the signed-in request. */
export function conversationsApi(request: Request) {
  return {
    /** Every conversation, or the page `query` names (`before` a conversation id, `limit`). */
    list: async (query: PageQuery = {}) =>
      expectShape(
        z.array(ConversationSchema),
        await apiJson(request, apiPath('/conversations/', undefined, searchOf(query))),
        'conversations',
      ),
    get: async (id: number) =>
      expectShape(ConversationSchema, await apiJson(request, apiPath('/conversations/:id/', { id })), 'conversation'),
    create: async (input: { title?: string; document_ids?: number[]; template_id?: string }) =>
      expectShape(
        ConversationSchema,
        await apiJson(request, apiPath('/conversations/'), { method: 'POST', json: input }),
        'conversation',
      ),
    rename: (id: number, title: string) =>
      apiJson<Conversation>(request, apiPath('/conversations/:id/', { id }), { method: 'PATCH', json: { title } }),
    remove: (id: number) => apiJson<void>(request, apiPath('/conversations/:id/', { id }), { method: 'DELETE' }),
    /** Every message, or the page `query` names (`before` or `after` a message id, `limit`). */
    messages: async (id: number, query: PageQuery = {}) =>
      expectShape(
        z.array(MessageSchema),
        await apiJson(request, apiPath('/conversations/:id/messages/', { id }, searchOf(query))),
        'messages',
      ),
    /** The conversation as a PDF or Word file, streamed on as it comes. */
    exportFile: (id: number, query: URLSearchParams) =>
      apiFetch(request, apiPath('/conversations/:id/export/', { id }, query)),
    /** Asks and waits for the whole answer (the chat page without JavaScript). */
    ask: async (id: number, content: string) =>
      expectShape(
        MessageSchema,
        await apiJson(request, apiPath('/conversations/:id/add_message/', { id }), {
          method: 'POST',
          json: { content },
        }),
        'message',
      ),
    /** Asks and returns the backend's event stream as it comes (the relay reads it). */
    stream: (id: number, content: string, signal: AbortSignal) =>
      apiFetch(request, apiPath('/conversations/:id/add_message_streaming/', { id }, 'stream=true'), {
        method: 'POST',
        json: { content },
        signal,
      }),
  }
}
