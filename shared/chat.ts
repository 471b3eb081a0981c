/** Limits of chat input, shared by the backend's validation and the browser's fields, and the words of a conversation. */
export const DEFAULT_CONVERSATION_TITLE = 'New Conversation'
export const MAX_CONVERSATION_TITLE = 200
export const MAX_MESSAGE = 8000

export const CONVERSATION_STATUSES = ['active', 'completed'] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]

/**
 * Who wrote a message: the user and the assistant of a chat, or, in a conversation made from a
 * transcript, one of the meeting's speakers by their participant role group (spec §3).
 */
export const MESSAGE_ROLES = ['user', 'assistant', 'client', 'advisor', 'participant'] as const
export const SPEAKER_ROLES = ['client', 'advisor', 'participant'] as const
export type MessageRole = (typeof MESSAGE_ROLES)[number]
