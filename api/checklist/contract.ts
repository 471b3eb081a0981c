import type { getChecklist } from './service'

// The response bodies of the checklist API, for the web tier's client (`import type` only).
export type ChecklistPayload = Awaited<ReturnType<typeof getChecklist>>
export type ChecklistItemPayload = ChecklistPayload['items'][number]
