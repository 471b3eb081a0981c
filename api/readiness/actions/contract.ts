import { z } from 'zod'

import { ROLES } from '../../../shared/accounts'
import { TASK_ORIGINS, TASK_STATUSES } from '../../../shared/readiness'

// The response bodies of the action plan's API, declared once: the service returns them, the web
// tier's client checks what it is sent against them. Only zod and shared/, so the web tier may load it.

const OwnerSchema = z.object({ id: z.number(), name: z.string() }).nullable()
/** Where a task or suggestion comes from, and the page that shows it (null where there is none). */
const SourceSchema = z.object({ label: z.string(), link: z.string().nullable() })

export const TaskSchema = z.object({
  id: z.number(),
  title: z.string(),
  note: z.string(),
  owner: OwnerSchema,
  due_date: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  overdue: z.boolean(),
  origin: z.enum(TASK_ORIGINS),
  source: SourceSchema,
  completed_at: z.string().nullable(),
  created_at: z.string(),
})

const SuggestionSchema = z.object({
  ref: z.string(),
  origin: z.enum(TASK_ORIGINS).exclude(['manual']),
  title: z.string(),
  note: z.string(),
  owner: OwnerSchema,
  due_date: z.string().nullable(),
  source: SourceSchema,
})

const SuggestionGroupSchema = z.object({
  origin: z.enum(TASK_ORIGINS).exclude(['manual']),
  heading: z.string(),
  suggestions: z.array(SuggestionSchema),
  more: z.number(),
})

export const PlanSchema = z.object({
  today: z.string(),
  plan_started: z.string().nullable(),
  counts: z.object({ tasks: z.number(), done: z.number(), overdue: z.number() }),
  sprints: z.array(
    z.object({
      number: z.number(),
      starts: z.string(),
      ends: z.string(),
      current: z.boolean(),
      tasks: z.array(TaskSchema),
    }),
  ),
  before_plan: z.array(TaskSchema),
  unscheduled: z.array(TaskSchema),
  suggestion_groups: z.array(SuggestionGroupSchema),
  members: z.array(z.object({ id: z.number(), name: z.string(), role: z.enum(ROLES) })),
  can_edit: z.boolean(),
})

export const GatherSchema = z.object({ added: z.number(), ids: z.array(z.number()) })

/** For the dashboard: the open tasks due within DUE_SOON_DAYS or overdue, soonest first. */
export const DueSoonSchema = z.object({
  today: z.string(),
  count: z.number(),
  tasks: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      due_date: z.string(),
      status: z.enum(TASK_STATUSES),
      overdue: z.boolean(),
      owner: z.string().nullable(),
    }),
  ),
})

export type PlanPayload = z.infer<typeof PlanSchema>
export type TaskPayload = z.infer<typeof TaskSchema>
export type SuggestionGroupPayload = z.infer<typeof SuggestionGroupSchema>
export type SuggestionPayload = z.infer<typeof SuggestionSchema>
export type GatherPayload = z.infer<typeof GatherSchema>
export type DueSoonPayload = z.infer<typeof DueSoonSchema>
