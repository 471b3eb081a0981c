import { z } from 'zod'

// The backend's response shapes, imported as types only (erased at build).
import type { ChecklistItemPayload as ChecklistItem, ChecklistPayload as Checklist } from '#api/checklist/contract'

import { apiJson } from './api-fetch.server'
import { expectPartialShape } from './api-shape.server'

export type { Checklist, ChecklistItem }

// What the page reads of them.
const ItemShape = z.object({
  key: z.string(),
  section: z.string(),
  title: z.string(),
  custom: z.boolean(),
  status: z.enum(['present', 'probable', 'stale', 'missing']),
  reason: z.string(),
  matches: z.array(
    z.object({
      document_id: z.number(),
      title: z.string(),
      kind: z.string(),
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
const ChecklistShape = z.object({
  completeness: z.object({
    provided: z.number(),
    applicable: z.number(),
    percent: z.number(),
    text: z.string(),
    probable: z.number(),
    stale: z.number(),
    missing: z.number(),
    not_applicable: z.number(),
  }),
  documents_checked: z.number(),
  documents: z.array(z.object({ id: z.number(), title: z.string() })),
  members: z.array(z.object({ id: z.number(), name: z.string(), role: z.string() })),
  items: z.array(ItemShape),
})

export interface ChecklistPatch {
  assignee?: number | null
  due_date?: string | null
  note?: string
  not_applicable?: boolean
  not_applicable_reason?: string
  confirmed_document?: number | null
}

const itemPath = (key: string) => `/checklist/items/${encodeURIComponent(key)}/`

/** The due-diligence checklist API, bound to the signed-in request. */
export function checklistApi(request: Request) {
  return {
    get: async () => expectPartialShape<Checklist>(ChecklistShape, await apiJson(request, '/checklist/'), 'checklist'),
    update: async (key: string, patch: ChecklistPatch) =>
      expectPartialShape<ChecklistItem>(
        ItemShape,
        await apiJson(request, itemPath(key), { method: 'PATCH', json: patch }),
        'checklist item',
      ),
    add: async (input: { title: string; section: string }) =>
      expectPartialShape<ChecklistItem>(
        ItemShape,
        await apiJson(request, '/checklist/items/', { method: 'POST', json: input }),
        'checklist item',
      ),
    remove: (key: string) => apiJson<Record<string, never>>(request, itemPath(key), { method: 'DELETE' }),
  }
}
