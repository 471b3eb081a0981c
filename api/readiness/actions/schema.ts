import { z } from 'zod'

import { MAX_TASK_NOTE, MAX_TASK_TITLE, ORIGIN_REF } from '../../../shared/actions'
import { isCalendarDay } from '../../../shared/calendar'
import { MAX_ID } from '../../../shared/ids'
import { TASK_STATUSES } from '../../../shared/readiness'

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`
const DATE_MESSAGE = 'Enter a valid date, e.g. 2026-12-15.'

const title = z
  .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(MAX_TASK_TITLE, tooLong(MAX_TASK_TITLE))
const note = z.string({ invalid_type_error: 'Not a valid string.' }).trim().max(MAX_TASK_NOTE, tooLong(MAX_TASK_NOTE))
const owner = z
  .number({ invalid_type_error: 'Choose a member of this organization.' })
  .int('Choose a member of this organization.')
  .min(1, 'Choose a member of this organization.')
  .max(MAX_ID, 'Choose a member of this organization.')
  .nullable()
const dueDate = z
  .string({ invalid_type_error: DATE_MESSAGE })
  .superRefine((value, context) => {
    if (!isCalendarDay(value)) context.addIssue({ code: 'custom', message: DATE_MESSAGE })
    else if (value < '1900-01-01')
      context.addIssue({ code: 'custom', message: 'Enter a date between the years 1900 and 9999.' })
  })
  .nullable()

/**
 * POST /api/actions/: a task written by hand, or `{suggestion}` naming a suggestion by its reference.
 * A suggestion's words are the server's own, re-read from its source: the client sends only the name.
 */
export const TaskCreateSchema = z
  .object(
    {
      suggestion: z
        .string({ invalid_type_error: 'Not a valid string.' })
        .regex(ORIGIN_REF, 'This is not a suggestion of the plan.')
        .optional(),
      title: title.optional(),
      note: note.optional(),
      owner: owner.optional(),
      due_date: dueDate.optional(),
    },
    { invalid_type_error: 'Invalid data. Expected a JSON object.' },
  )
  .strict('Unknown field.')
  .superRefine((value, context) => {
    const { suggestion, ...manual } = value
    if (suggestion !== undefined) {
      for (const field of Object.keys(manual))
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'A suggestion is added as it stands; change it after.',
        })
    } else if (value.title === undefined) {
      context.addIssue({ code: 'custom', path: ['title'], message: 'This field is required.' })
    }
  })

/** PATCH /api/actions/{id}/: any of these; the task's other fields stay as they were. */
export const TaskPatchSchema = z
  .object(
    {
      title: title.optional(),
      note: note.optional(),
      owner: owner.optional(),
      due_date: dueDate.optional(),
      status: z
        .enum(TASK_STATUSES, { errorMap: () => ({ message: `Choose one of: ${TASK_STATUSES.join(', ')}.` }) })
        .optional(),
    },
    { invalid_type_error: 'Invalid data. Expected a JSON object.' },
  )
  .strict('Unknown field.')

export type TaskCreate = z.infer<typeof TaskCreateSchema>
export type TaskPatch = z.infer<typeof TaskPatchSchema>
