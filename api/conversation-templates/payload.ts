import { phaseName, totalMinutes } from '../../shared/templates'
import type { conversationTemplates } from '../db/schema'
import { type Person, person } from '../users/person'
import { templateKey } from './access'
import type { TemplatePayload } from './contract'

/** Spec §3 "Conversation template"; its duration is always the sum of its sections' minutes. */
export const templatePayload = ({
  template,
  creator,
}: {
  template: typeof conversationTemplates.$inferSelect
  creator: Person
}): TemplatePayload => ({
  id: templateKey(template.id),
  name: template.name,
  phaseId: template.phaseId,
  phaseName: phaseName(template.phaseId),
  description: template.description,
  estimatedDuration: totalMinutes(template.sections),
  createdBy: person(creator),
  createdAt: template.createdAt.toISOString(),
  updatedAt: template.updatedAt.toISOString(),
  sections: template.sections,
  followupActions: template.followupActions,
})
