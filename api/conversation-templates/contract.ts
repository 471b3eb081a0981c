import type { templatePayload } from './payload'

// The bodies of the templates API, for the web tier's client (`import type` only).
export type TemplatePayload = ReturnType<typeof templatePayload>
/** What POST and PUT take. */
export type { TemplateInput } from './schema'
