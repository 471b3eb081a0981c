import { z } from 'zod'

import { ROLES } from '../../../shared/accounts'
import { CHECKLIST_SECTIONS, CHECKLIST_STATUSES } from '../../../shared/checklist'

// The response bodies of the checklist API, declared once: the service returns them, the web tier's
// client checks what it is sent against them. Only zod and shared/, so the web tier may load it.

/** How a document came to match an item, the strongest first. */
export const MatchKindSchema = z.enum(['title', 'category', 'tables', 'content', 'confirmed'])

export const ChecklistItemSchema = z.object({
  key: z.string(),
  section: z.enum(CHECKLIST_SECTIONS),
  title: z.string(),
  custom: z.boolean(),
  status: z.enum(CHECKLIST_STATUSES),
  /** Why the status is what it is, in a sentence. */
  reason: z.string(),
  years_needed: z.number(),
  years_found: z.array(z.number()),
  matches: z.array(
    z.object({
      document_id: z.number(),
      title: z.string(),
      kind: MatchKindSchema,
      how: z.array(z.string()),
      date: z.string().nullable(),
      date_text: z.string().nullable(),
    }),
  ),
  assignee: z.object({ id: z.number(), name: z.string() }).nullable(),
  due_date: z.string().nullable(),
  note: z.string(),
  not_applicable: z.boolean(),
  not_applicable_reason: z.string(),
  confirmed_document: z.number().nullable(),
})

export const ChecklistSchema = z.object({
  completeness: z.object({
    provided: z.number(),
    applicable: z.number(),
    percent: z.number(),
    text: z.string(),
    present: z.number(),
    probable: z.number(),
    stale: z.number(),
    missing: z.number(),
    not_applicable: z.number(),
  }),
  documents_checked: z.number(),
  /** The documents an advisor may link to an item by hand, newest first. */
  documents: z.array(z.object({ id: z.number(), title: z.string() })),
  checked_at: z.string(),
  members: z.array(z.object({ id: z.number(), name: z.string(), role: z.enum(ROLES) })),
  items: z.array(ChecklistItemSchema),
})

export type ChecklistPayload = z.infer<typeof ChecklistSchema>
export type ChecklistItemPayload = z.infer<typeof ChecklistItemSchema>
export type MatchKind = z.infer<typeof MatchKindSchema>
