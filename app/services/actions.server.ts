import {
  GatherSchema,
  type PlanPayload as Plan,
  PlanSchema,
  type TaskPayload as Task,
  TaskSchema,
} from '#api/readiness/actions/contract'

import { apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'
import { readerQuery } from './downloads.server'

export type { Plan, Task }

export interface TaskInput {
  title?: string
  note?: string
  owner?: number | null
  due_date?: string | null
}
export type TaskPatch = TaskInput & { status?: 'open' | 'in_progress' | 'done' }

const taskPath = (id: number) => apiPath('/actions/:id/', { id })

/** The action plan API, bound to the signed-in request. */
export function actionsApi(request: Request) {
  return {
    get: async () =>
      expectShape(
        PlanSchema,
        await apiJson(request, apiPath('/actions/', undefined, readerQuery(request))),
        'action plan',
      ),
    add: async (input: TaskInput) =>
      expectShape(TaskSchema, await apiJson(request, apiPath('/actions/'), { method: 'POST', json: input }), 'task'),
    addSuggestion: async (ref: string) =>
      expectShape(
        TaskSchema,
        await apiJson(request, apiPath('/actions/'), { method: 'POST', json: { suggestion: ref } }),
        'task',
      ),
    gather: async () =>
      expectShape(
        GatherSchema,
        await apiJson(request, apiPath('/actions/gather/'), { method: 'POST' }),
        'gathered tasks',
      ),
    update: async (id: number, patch: TaskPatch) =>
      expectShape(TaskSchema, await apiJson(request, taskPath(id), { method: 'PATCH', json: patch }), 'task'),
    remove: (id: number) => apiJson<Record<string, never>>(request, taskPath(id), { method: 'DELETE' }),
  }
}
