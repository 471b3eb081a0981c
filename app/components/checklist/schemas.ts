import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'

import {
  CHECKLIST_KEY,
  CHECKLIST_SECTIONS,
  MAX_CHECKLIST_NOTE,
  MAX_CHECKLIST_REASON,
  MAX_CHECKLIST_TITLE,
} from '#shared/checklist'
import { optionalDate } from '~/components/date-field'
import { optionalMember } from '~/components/member-field'

const key = z.string({ required_error: 'Choose an item' }).regex(CHECKLIST_KEY, 'Choose an item')

/** Who does it, by when, and a note. An empty choice clears the assignee or the date. */
export const AssignSchema = z.object({
  key,
  assignee: optionalMember(),
  due_date: optionalDate(),
  note: z
    .string()
    .trim()
    .max(MAX_CHECKLIST_NOTE, `A note can have at most ${MAX_CHECKLIST_NOTE} characters`)
    .optional(),
})

export const NotApplicableSchema = z.object({
  key,
  reason: z
    .string({ required_error: 'Say why the item does not apply' })
    .trim()
    .min(1, 'Say why the item does not apply')
    .max(MAX_CHECKLIST_REASON, `A reason can have at most ${MAX_CHECKLIST_REASON} characters`),
})

export const AddItemSchema = z.object({
  title: z
    .string({ required_error: 'Describe the item' })
    .trim()
    .min(1, 'Describe the item')
    .max(MAX_CHECKLIST_TITLE, `An item can have at most ${MAX_CHECKLIST_TITLE} characters`),
  section: z.enum(CHECKLIST_SECTIONS, { errorMap: () => ({ message: 'Choose a section' }) }),
})

/** The buttons without fields: confirm or withdraw a match, set an item back, remove an added one. */
export const ItemButtonSchema = z.object({ key, document: z.coerce.number().int().positive().optional() })

/** A document of the organization linked to an item by hand: it then answers the item. */
export const LinkDocumentSchema = z.object({
  key,
  document: z.coerce
    .number({ required_error: 'Choose a document', invalid_type_error: 'Choose a document' })
    .int('Choose a document')
    .positive('Choose a document'),
})

/** Which form the last submission was for, so its errors reach that form and no other. */
export interface LastSubmission {
  intent: string
  key: string
  result: SubmissionResult<string[]>
}
