import { z } from 'zod'

import { isCalendarDay } from '../../../shared/calendar'
import {
  CHECKLIST_SECTIONS,
  MAX_CHECKLIST_NOTE,
  MAX_CHECKLIST_REASON,
  MAX_CHECKLIST_TITLE,
} from '../../../shared/checklist'
import { MAX_ID } from '../../../shared/ids'

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`

const id = (message: string) =>
  z.number({ invalid_type_error: message }).int(message).min(1, message).max(MAX_ID, message).nullable()

/** PATCH /api/checklist/items/{key}/: any of these; the item's other fields stay as they were. */
export const ChecklistPatchSchema = z
  .object(
    {
      assignee: id('Choose a member of this organization.').optional(),
      due_date: z
        .string({ invalid_type_error: 'Enter a valid date, e.g. 2026-12-15.' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date, e.g. 2026-12-15.')
        .refine(isCalendarDay, 'Enter a valid date, e.g. 2026-12-15.')
        .refine(
          (value) => value >= '1900-01-01' && value <= '9999-12-31',
          'Enter a date between the years 1900 and 9999.',
        )
        .nullable()
        .optional(),
      note: z
        .string({ invalid_type_error: 'Not a valid string.' })
        .trim()
        .max(MAX_CHECKLIST_NOTE, tooLong(MAX_CHECKLIST_NOTE))
        .optional(),
      not_applicable: z.boolean({ invalid_type_error: 'Must be a valid boolean.' }).optional(),
      not_applicable_reason: z
        .string({ invalid_type_error: 'Not a valid string.' })
        .trim()
        .max(MAX_CHECKLIST_REASON, tooLong(MAX_CHECKLIST_REASON))
        .optional(),
      confirmed_document: id('Choose a document of this organization.').optional(),
    },
    { invalid_type_error: 'Invalid data. Expected a JSON object.' },
  )
  .strict('Unknown field.')
  .superRefine((value, context) => {
    if (value.not_applicable === true && !value.not_applicable_reason) {
      context.addIssue({
        code: 'custom',
        path: ['not_applicable_reason'],
        message: 'Say why the item does not apply.',
      })
    }
  })

/** POST /api/checklist/items/: an item the advisor adds. */
export const ChecklistItemSchema = z
  .object({
    title: z
      .string({ required_error: 'This field is required.', invalid_type_error: 'Not a valid string.' })
      .trim()
      .min(1, 'This field may not be blank.')
      .max(MAX_CHECKLIST_TITLE, tooLong(MAX_CHECKLIST_TITLE)),
    section: z.enum(CHECKLIST_SECTIONS, {
      errorMap: () => ({ message: `Choose one of: ${CHECKLIST_SECTIONS.join(', ')}.` }),
    }),
  })
  .strict('Unknown field.')

export type ChecklistPatch = z.infer<typeof ChecklistPatchSchema>
export type ChecklistItemInput = z.infer<typeof ChecklistItemSchema>
