import { z } from 'zod'

import {
  ADDED_SECTION_MINUTES,
  FIRST_SECTION,
  type FollowupAction,
  NEW_TEMPLATE_NAME,
  PHASE_IDS,
  TEMPLATE_LIMITS as LIMIT,
  TEMPLATE_MESSAGES as MESSAGE,
  type TemplateSection,
} from '#shared/templates'

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`

const optionalText = (max: number) => z.string().trim().max(max, tooLong(max)).optional()

/** A list of one-line items; an item left empty is dropped rather than refused. */
const items = z
  .array(optionalText(LIMIT.item))
  .max(LIMIT.items, `Ensure this list has no more than ${LIMIT.items} items.`)
  .optional()
  .transform((list) => (list ?? []).filter((item): item is string => Boolean(item)))

/**
 * The create and edit form (spec §5 "Template"), read by Conform from the form's fields on both sides.
 * Its messages are the spec's; the backend checks the same rules again with the same words.
 */
export const TemplateFormSchema = z.object({
  name: z.string({ required_error: MESSAGE.name }).trim().min(1, MESSAGE.name).max(LIMIT.name, tooLong(LIMIT.name)),
  phaseId: z.enum(PHASE_IDS, { errorMap: () => ({ message: MESSAGE.phase }) }),
  description: optionalText(LIMIT.description),
  sections: z
    .array(
      z.object({
        title: z
          .string({ required_error: MESSAGE.sectionTitle })
          .trim()
          .min(1, MESSAGE.sectionTitle)
          .max(LIMIT.sectionTitle, tooLong(LIMIT.sectionTitle)),
        suggestedScript: optionalText(LIMIT.script),
        suggestedQuestions: items,
        keyInformation: items,
        timeAllocation: z
          .number({ required_error: MESSAGE.minutes, invalid_type_error: MESSAGE.minutes })
          .int(MESSAGE.minutes)
          .min(1, MESSAGE.minutes)
          .max(LIMIT.minutes, `Time allocation must be at most ${LIMIT.minutes} minutes.`),
      }),
      { required_error: MESSAGE.sections },
    )
    .min(1, MESSAGE.sections)
    .max(LIMIT.sections, `Ensure this list has no more than ${LIMIT.sections} sections.`),
  followupActions: z
    .array(
      z.object({
        description: z
          .string({ required_error: 'Follow-up action description is required' })
          .trim()
          .min(1, 'Follow-up action description is required')
          .max(LIMIT.followupDescription, tooLong(LIMIT.followupDescription)),
        assignedTo: optionalText(LIMIT.assignedTo),
        dueDate: optionalText(LIMIT.dueDate),
        isRequired: z.boolean().optional(),
      }),
    )
    .max(LIMIT.followups, `Ensure this list has no more than ${LIMIT.followups} follow-up actions.`)
    .optional(),
})

export type TemplateFormValue = z.infer<typeof TemplateFormSchema>

/** The form's value as the backend's template: every optional text present, as the API stores it. */
export function templateInput(value: TemplateFormValue) {
  return {
    name: value.name,
    phaseId: value.phaseId,
    description: value.description ?? '',
    sections: value.sections.map((section): TemplateSection => ({
      title: section.title,
      suggestedScript: section.suggestedScript ?? '',
      suggestedQuestions: section.suggestedQuestions,
      keyInformation: section.keyInformation,
      timeAllocation: section.timeAllocation,
    })),
    followupActions: (value.followupActions ?? []).map((action): FollowupAction => ({
      description: action.description,
      assignedTo: action.assignedTo ?? '',
      dueDate: action.dueDate ?? '',
      isRequired: action.isRequired ?? false,
    })),
  }
}

/** What the form starts with: a template's fields, the phase empty until one is chosen. */
export type TemplateFormDefault = {
  name: string
  phaseId: string
  description: string
  sections: TemplateSection[]
  followupActions: FollowupAction[]
}

/** Spec §9 "Template defaults": what a new template's form starts with. */
export const NEW_TEMPLATE: TemplateFormDefault = {
  name: NEW_TEMPLATE_NAME,
  phaseId: '',
  description: '',
  sections: [FIRST_SECTION],
  followupActions: [],
}

export const ADDED_SECTION: TemplateSection = {
  title: '',
  suggestedScript: '',
  suggestedQuestions: [],
  keyInformation: [],
  timeAllocation: ADDED_SECTION_MINUTES,
}
