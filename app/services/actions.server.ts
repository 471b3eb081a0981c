import { z } from 'zod'

// The backend's response shapes, imported as types only (erased at build).
import type { GatherPayload, PlanPayload as Plan, TaskPayload as Task } from '#api/actions/contract'

import { apiJson } from './api-fetch.server'
import { expectPartialShape } from './api-shape.server'
import { readerQuery } from './downloads.server'

export type { Plan, Task }
export type SuggestionGroup = Plan['suggestion_groups'][number]
export type Suggestion = SuggestionGroup['suggestions'][number]

// What the page reads of them.
const SourceShape = z.object({ label: z.string(), link: z.string().nullable() })
const OwnerShape = z.object({ id: z.number(), name: z.string() }).nullable()
const TaskShape = z.object({
  id: z.number(),
  title: z.string(),
  note: z.string(),
  owner: OwnerShape,
  due_date: z.string().nullable(),
  status: z.enum(['open', 'in_progress', 'done']),
  overdue: z.boolean(),
  origin: z.string(),
  source: SourceShape,
})
const PlanShape = z.object({
  today: z.string(),
  plan_started: z.string().nullable(),
  counts: z.object({ tasks: z.number(), done: z.number(), overdue: z.number() }),
  sprints: z.array(
    z.object({
      number: z.number(),
      starts: z.string(),
      ends: z.string(),
      current: z.boolean(),
      tasks: z.array(TaskShape),
    }),
  ),
  before_plan: z.array(TaskShape),
  unscheduled: z.array(TaskShape),
  suggestion_groups: z.array(
    z.object({
      origin: z.string(),
      heading: z.string(),
      suggestions: z.array(
        z.object({
          ref: z.string(),
          origin: z.string(),
          title: z.string(),
          note: z.string(),
          owner: OwnerShape,
          due_date: z.string().nullable(),
          source: SourceShape,
        }),
      ),
      more: z.number(),
    }),
  ),
  members: z.array(z.object({ id: z.number(), name: z.string() })),
  can_edit: z.boolean(),
})

export interface TaskInput {
  title?: string
  note?: string
  owner?: number | null
  due_date?: string | null
}
export type TaskPatch = TaskInput & { status?: 'open' | 'in_progress' | 'done' }

const taskPath = (id: number) => `/actions/${id}/`

/** The action plan API, bound to the signed-in request. */
export function actionsApi(request: Request) {
  return {
    get: async () =>
      expectPartialShape<Plan>(
        PlanShape,
        await apiJson(request, `/actions/?${await readerQuery(request)}`),
        'action plan',
      ),
    add: async (input: TaskInput) =>
      expectPartialShape<Task>(TaskShape, await apiJson(request, '/actions/', { method: 'POST', json: input }), 'task'),
    addSuggestion: async (ref: string) =>
      expectPartialShape<Task>(
        TaskShape,
        await apiJson(request, '/actions/', { method: 'POST', json: { suggestion: ref } }),
        'task',
      ),
    gather: async () =>
      expectPartialShape<GatherPayload>(
        z.object({ added: z.number() }),
        await apiJson(request, '/actions/gather/', { method: 'POST' }),
        'gathered tasks',
      ),
    update: async (id: number, patch: TaskPatch) =>
      expectPartialShape<Task>(
        TaskShape,
        await apiJson(request, taskPath(id), { method: 'PATCH', json: patch }),
        'task',
      ),
    remove: (id: number) => apiJson<Record<string, never>>(request, taskPath(id), { method: 'DELETE' }),
  }
}
