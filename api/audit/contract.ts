import { z } from 'zod'

import { AUDIT_ACTIONS } from '../../shared/audit'

// The response bodies of the audit log, declared once: the payload writes them, the web tier's
// client checks what it is sent against them. Only zod and shared/, so the web tier may load it.

export const AuditEventSchema = z.object({
  id: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  // The actor's id is null once their account is gone; the name and e-mail are those they had then.
  actor: z.object({ id: z.number().nullable(), name: z.string(), email: z.string() }),
  target: z.string(),
  details: z.record(z.unknown()),
  created_at: z.string(),
})

/** A page of events in the DRF shape: `count`, `next`, `previous`, `results` (and the page asked for). */
export const AuditPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(AuditEventSchema),
})

export type AuditEventPayload = z.infer<typeof AuditEventSchema>
export type AuditPagePayload = z.infer<typeof AuditPageSchema>
