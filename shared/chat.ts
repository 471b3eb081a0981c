/** Limits of chat input, shared by the backend's validation and the browser's fields. */
export const DEFAULT_CONVERSATION_TITLE = 'New Conversation'
export const MAX_CONVERSATION_TITLE = 200
export const MAX_MESSAGE = 8000
