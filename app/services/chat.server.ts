import { z } from 'zod'

import {
  type ConversationPayload as Conversation,
  ConversationSchema,
  type MessagePayload as Message,
  MessageSchema,
} from '#api/chat/contract'

import { apiFetch, apiJson } from './api-fetch.server'
import { expectShape } from './api-shape.server'

export type { Conversation, Message }

const path = (id: number, rest = '') => `/conversations/${id}/${rest}`

/** The conversations API (spec §7 "Conversations"), bound to the signed-in request. */
export function conversationsApi(request: Request) {
  return {
    list: async () =>
      expectShape(z.array(ConversationSchema), await apiJson(request, '/conversations/'), 'conversations'),
    get: async (id: number) => expectShape(ConversationSchema, await apiJson(request, path(id)), 'conversation'),
    create: async (input: { title?: string; document_ids?: number[]; template_id?: string }) =>
      expectShape(
        ConversationSchema,
        await apiJson(request, '/conversations/', { method: 'POST', json: input }),
        'conversation',
      ),
    rename: (id: number, title: string) =>
      apiJson<Conversation>(request, path(id), { method: 'PATCH', json: { title } }),
    remove: (id: number) => apiJson<void>(request, path(id), { method: 'DELETE' }),
    messages: async (id: number) =>
      expectShape(z.array(MessageSchema), await apiJson(request, path(id, 'messages/')), 'messages'),
    /** The conversation as a PDF or Word file, streamed on as it comes. */
    exportFile: (id: number, query: URLSearchParams) => apiFetch(request, path(id, `export/?${query}`)),
    /** Asks and waits for the whole answer (the chat page without JavaScript). */
    ask: async (id: number, content: string) =>
      expectShape(
        MessageSchema,
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
