import { z } from 'zod'

import {
  ConversationPageSchema,
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

// A page of messages the web tier cannot read leaves the conversation shown, with a banner.
const ConversationWithPage = ConversationPageSchema.extend({
  messages: ConversationPageSchema.shape.messages.nullable().catch(null),
})

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
    /**
     * The conversation with the page of its messages `query` names: one call for the chat page
     * (docs/decisions/088).
     */
    withMessages: async (id: number, query: PageQuery) =>
      expectShape(
        ConversationWithPage,
        await apiJson(request, apiPath('/conversations/:id/', { id }, searchOf(query))),
        'conversation',
      ),
    create: async (input: { title?: string; document_ids?: number[]; template_id?: string }) =>
      expectShape(
        ConversationSchema,
        await apiJson(request, apiPath('/conversations/'), { method: 'POST', json: input }),
        'conversation',
      ),
    rename: (id: number, title: string) =>
      apiJson<Conversation>(request, apiPath('/conversations/:id/', { id }), { method: 'PATCH', json: { title } }),
    remove: (id: number) => apiJson<void>(request, apiPath('/conversations/:id/', { id }), { method: 'DELETE' }),
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
