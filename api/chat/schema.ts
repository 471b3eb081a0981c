import { z } from 'zod'

import {
  DEFAULT_CONVERSATION_TITLE as DEFAULT_TITLE,
  MAX_CONVERSATION_TITLE as MAX_TITLE,
  MAX_MESSAGE,
} from '../../shared/chat'
import { MAX_ID } from '../../shared/ids'
import { queryInteger } from '../kernel/validation'

export { DEFAULT_TITLE }

const title = z
  .string({ invalid_type_error: 'A title must be text.' })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(MAX_TITLE, `Ensure this field has no more than ${MAX_TITLE} characters.`)

/** POST /api/conversations/: the spec's {title}, and the documents its answers are limited to. */
export const CreateConversationSchema = z
  .object({
    /** Left out: the template's name when one is given, else the spec's default. */
    title: title.optional(),
    document_ids: z
      .array(z.number({ invalid_type_error: 'A list of document ids is required.' }).int().positive().max(MAX_ID), {
        invalid_type_error: 'A list of document ids is required.',
      })
      .min(1, 'Name at least one document, or leave document_ids out.')
      .max(100, 'Ensure this list has no more than 100 documents.')
      .optional(),
    /** Starts the conversation from a conversation template (its id, `template-001`). */
    template_id: z.string({ invalid_type_error: 'A template id must be text.' }).max(40).optional(),
  })
  .strict('Unknown field.')

/** PATCH /api/conversations/{id}/: spec §5 "Rename", the title trimmed and non-empty. */
export const RenameConversationSchema = z.object({ title }).strict('Unknown field.')

/** The add_message calls: spec §5 "Chat message", sent trimmed and only when not blank. */
export const MessageSchema = z
  .object({
    content: z
      .string({ required_error: 'This field is required.', invalid_type_error: 'A message must be text.' })
      .trim()
      .min(1, 'This field may not be blank.')
      .max(MAX_MESSAGE, `Ensure this field has no more than ${MAX_MESSAGE} characters.`),
  })
  .strict('Unknown field.')

export type CreateConversationInput = z.infer<typeof CreateConversationSchema>

/**
 * GET /api/conversations/{id}/messages/: every message by default (spec §7); with `limit`, at most
 * that many, the latest ones, or those just `before` a message or just `after` one, oldest first.
 * A long conversation (a meeting's turns, a day of questions) is read a page at a time.
 */
export const MessagesQuerySchema = z
  .object({
    before: queryInteger(1, MAX_ID).optional(),
    after: queryInteger(1, MAX_ID).optional(),
    limit: queryInteger(1, 100).optional(),
  })
  .refine((query) => query.before === undefined || query.after === undefined, {
    message: 'Give before or after, not both.',
    path: ['after'],
  })

export type MessagesQuery = z.infer<typeof MessagesQuerySchema>

/**
 * GET /api/conversations/: every one of the caller's conversations by default (spec §7); with
 * `limit`, at most that many, the most recently active first, or those after conversation `before`
 * in that order. The chat page's sidebar lists them a page at a time.
 */
export const ConversationsQuerySchema = z.object({
  before: queryInteger(1, MAX_ID).optional(),
  limit: queryInteger(1, 100).optional(),
})

export type ConversationsQuery = z.infer<typeof ConversationsQuerySchema>
