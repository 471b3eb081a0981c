import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'

import { MAX_TASK_NOTE, MAX_TASK_TITLE, ORIGIN_REF } from '#shared/actions'
import { TASK_STATUSES } from '#shared/readiness'
import { optionalDate } from '~/components/date-field'
import { optionalMember } from '~/components/member-field'

const id = z.coerce.number({ required_error: 'Choose a task' }).int().positive('Choose a task')
const title = z
  .string({ required_error: 'Say what is to be done' })
  .trim()
  .min(1, 'Say what is to be done')
  .max(MAX_TASK_TITLE, `A task can have at most ${MAX_TASK_TITLE} characters`)
const note = z.string().trim().max(MAX_TASK_NOTE, `A note can have at most ${MAX_TASK_NOTE} characters`).optional()
const owner = optionalMember()
const dueDate = optionalDate()

/** A task written by hand. An empty owner or date leaves it unassigned or not scheduled. */
export const AddTaskSchema = z.object({ title, note, owner, due_date: dueDate })

/** Who does it, by when, and a note; an empty choice clears the owner or the date. */
export const EditTaskSchema = z.object({ id, title, note, owner, due_date: dueDate })

export const StatusSchema = z.object({
  id,
  status: z.enum(TASK_STATUSES, { errorMap: () => ({ message: 'Choose a status' }) }),
})

export const TaskButtonSchema = z.object({ id })

export const SuggestionSchema = z.object({
  ref: z.string({ required_error: 'Choose a suggestion' }).regex(ORIGIN_REF, 'Choose a suggestion'),
  next: z.string().regex(ORIGIN_REF).optional(),
})

/** Which form the last submission was for, so its errors reach that form and no other. */
export interface LastSubmission {
  intent: string
  id: string
  result: SubmissionResult<string[]>
}
