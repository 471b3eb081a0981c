import type { describeEvent, describeEventsPage } from './payload'

// The response body of the audit log, for the web tier's client (`import type` only).
export type AuditEventPayload = ReturnType<typeof describeEvent>
export type AuditPagePayload = ReturnType<typeof describeEventsPage>
