import { z } from 'zod'

import { MAX_ID } from '../../shared/ids'
import { PHASE_IDS, TEMPLATE_LIMITS as LIMIT, TEMPLATE_MESSAGES as MESSAGE } from '../../shared/templates'

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`
const tooMany = (max: number) => `Ensure this list has no more than ${max} items.`

/** Optional text: trimmed, empty when left out. */
const text = (max: number) =>
  z.string({ invalid_type_error: 'Not a valid string.' }).trim().max(max, tooLong(max)).default('')

/** Text that must be there, with the spec's message when it is missing or blank. */
const required = (max: number, message: string) =>
  z
    .string({ required_error: message, invalid_type_error: 'Not a valid string.' })
    .trim()
    .min(1, message)
    .max(max, tooLong(max))

const items = z
  .array(
    z
      .string({ invalid_type_error: 'Not a valid string.' })
      .trim()
      .min(1, 'This field may not be blank.')
      .max(LIMIT.item, tooLong(LIMIT.item)),
    { invalid_type_error: 'Expected a list of items.' },
  )
  .max(LIMIT.items, tooMany(LIMIT.items))
  .default([])

const SectionSchema = z
  .object(
    {
      title: required(LIMIT.sectionTitle, MESSAGE.sectionTitle),
      suggestedScript: text(LIMIT.script),
      suggestedQuestions: items,
      keyInformation: items,
      timeAllocation: z
        .number({ required_error: MESSAGE.minutes, invalid_type_error: MESSAGE.minutes })
        .int('Time allocation must be a whole number of minutes.')
        .min(1, MESSAGE.minutes)
        .max(LIMIT.minutes, `Time allocation must be at most ${LIMIT.minutes} minutes.`),
    },
    { invalid_type_error: 'Invalid data. Expected a JSON object.' },
  )
  .strict('Unknown field.')

const FollowupSchema = z
  .object(
    {
      description: required(LIMIT.followupDescription, 'Follow-up action description is required'),
      assignedTo: text(LIMIT.assignedTo),
      dueDate: text(LIMIT.dueDate),
      isRequired: z.boolean({ invalid_type_error: 'Must be true or false.' }).default(false),
    },
    { invalid_type_error: 'Invalid data. Expected a JSON object.' },
  )
  .strict('Unknown field.')

/** What a client reads back and may send again unchanged: the server sets these, so they are ignored. */
const READ_ONLY = new Set(['id', 'phaseName', 'estimatedDuration', 'createdBy', 'createdAt', 'updatedAt'])

const ignoringReadOnly = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(
    (input) =>
      typeof input === 'object' && input !== null
        ? Object.fromEntries(Object.entries(input).filter(([key]) => !READ_ONLY.has(key)))
        : input,
    schema,
  )

const fields = {
  name: required(LIMIT.name, MESSAGE.name),
  phaseId: z.enum(PHASE_IDS, {
    errorMap: (issue, context) => ({
      message:
        issue.code === 'invalid_enum_value' && context.data !== ''
          ? `Choose one of: ${PHASE_IDS.join(', ')}.`
          : MESSAGE.phase,
    }),
  }),
  description: text(LIMIT.description),
  sections: z
    .array(SectionSchema, { required_error: MESSAGE.sections, invalid_type_error: MESSAGE.sections })
    .min(1, MESSAGE.sections)
    .max(LIMIT.sections, tooMany(LIMIT.sections)),
  followupActions: z
    .array(FollowupSchema, { invalid_type_error: 'Expected a list of follow-up actions.' })
    .max(LIMIT.followups, tooMany(LIMIT.followups))
    .default([]),
}

/** POST and PUT /api/conversation-templates/: the whole template (spec §5 "Template"). */
export const TemplateSchema = ignoringReadOnly(z.object(fields).strict('Unknown field.'))

/** PATCH: any of the fields, each checked as in a whole template. */
export const TemplatePatchSchema = ignoringReadOnly(
  z
    .object({
      name: fields.name.optional(),
      phaseId: fields.phaseId.optional(),
      description: fields.description.optional(),
      sections: fields.sections.optional(),
      followupActions: fields.followupActions.optional(),
    })
    .strict('Unknown field.'),
)

export const ListTemplatesSchema = z.object({
  // `?phase=` (an empty filter) is every phase.
  phase: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(PHASE_IDS, { errorMap: () => ({ message: `Choose one of: ${PHASE_IDS.join(', ')}.` }) }).optional(),
  ),
  page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
})

export type TemplateInput = z.infer<typeof TemplateSchema>
export type TemplatePatch = z.infer<typeof TemplatePatchSchema>
export type ListTemplatesQuery = z.infer<typeof ListTemplatesSchema>
