import type { addTask, dueSoon, gatherSuggestions, getPlan } from './service'

// The response bodies of the action plan's API, for the web tier's client (`import type` only).
export type PlanPayload = Awaited<ReturnType<typeof getPlan>>
export type TaskPayload = Awaited<ReturnType<typeof addTask>>
export type SuggestionGroupPayload = PlanPayload['suggestion_groups'][number]
export type SuggestionPayload = SuggestionGroupPayload['suggestions'][number]
export type GatherPayload = Awaited<ReturnType<typeof gatherSuggestions>>
export type DueSoonPayload = Awaited<ReturnType<typeof dueSoon>>
