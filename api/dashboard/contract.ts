import type { dashboard } from './service'

// The dashboard's body, for the web tier's client (`import type` only).
export type DashboardPayload = Awaited<ReturnType<typeof dashboard>>
