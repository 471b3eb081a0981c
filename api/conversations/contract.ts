import type { conversationPayload, messagePayload } from './payload'

// The response bodies of the conversations API, for the web tier's client (`import type` only). Read
// off the functions that write them; dates are ISO strings already, so these are the JSON as sent.
export type ConversationPayload = ReturnType<typeof conversationPayload>
export type MessagePayload = ReturnType<typeof messagePayload>
