import {
  ChecklistItemSchema,
  type ChecklistPayload as Checklist,
  ChecklistSchema,
} from '#api/readiness/checklist/contract'

import { apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { Checklist }

export interface ChecklistPatch {
  assignee?: number | null
  due_date?: string | null
  note?: string
  not_applicable?: boolean
  not_applicable_reason?: string
  confirmed_document?: number | null
}

const itemPath = (key: string) => apiPath('/checklist/items/:key/', { key })

/** The due-diligence checklist API, bound to the signed-in request. */
export function checklistApi(request: Request) {
  return {
    get: async () => expectShape(ChecklistSchema, await apiJson(request, apiPath('/checklist/')), 'checklist'),
    update: async (key: string, patch: ChecklistPatch) =>
      expectShape(
        ChecklistItemSchema,
        await apiJson(request, itemPath(key), { method: 'PATCH', json: patch }),
        'checklist item',
      ),
    add: async (input: { title: string; section: string }) =>
      expectShape(
        ChecklistItemSchema,
        await apiJson(request, apiPath('/checklist/items/'), { method: 'POST', json: input }),
        'checklist item',
      ),
    remove: (key: string) => apiJson<Record<string, never>>(request, itemPath(key), { method: 'DELETE' }),
  }
}
