import { z } from 'zod'

import { PHASE_IDS } from '../../shared/templates'
import { PersonSchema } from '../auth/contract'

/** What POST and PUT take. */
export type { TemplateInput } from './schema'

// The bodies of the templates API, declared once: the payload writes them, the web tier's client
// checks what it is sent against them. Only zod, shared/ and contracts like it, so the web tier may
// load it.

/** Spec §3 "Conversation template"; its duration is always the sum of its sections' minutes. */
export const TemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  phaseId: z.enum(PHASE_IDS),
  phaseName: z.string(),
  description: z.string(),
  estimatedDuration: z.number(),
  createdBy: PersonSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Spec §3 "Template section"; `timeAllocation` is in minutes, and the array's order is the meeting's. */
  sections: z.array(
    z.object({
      title: z.string(),
      suggestedScript: z.string(),
      suggestedQuestions: z.array(z.string()),
      keyInformation: z.array(z.string()),
      timeAllocation: z.number(),
    }),
  ),
  /** Spec §3 "Follow-up action"; `dueDate` is relative ("Within 1 week"), as a template is reused. */
  followupActions: z.array(
    z.object({ description: z.string(), assignedTo: z.string(), dueDate: z.string(), isRequired: z.boolean() }),
  ),
})

/** One page of the organization's templates in phase order, with the total. */
export const TemplateListSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(TemplateSchema),
})

export type TemplatePayload = z.infer<typeof TemplateSchema>
export type TemplateListPayload = z.infer<typeof TemplateListSchema>
