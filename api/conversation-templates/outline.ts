import { phaseName, totalMinutes } from '../../shared/templates'
import type { conversationTemplates } from '../db/schema'

type Template = Pick<
  typeof conversationTemplates.$inferSelect,
  'name' | 'phaseId' | 'description' | 'sections' | 'followupActions'
>

const minutes = (count: number) => `${count} ${count === 1 ? 'minute' : 'minutes'}`

const list = (heading: string, items: string[]) =>
  items.length ? [`**${heading}**`, '', ...items.map((item) => `- ${item}`), ''] : []

/**
 * The first assistant message of a conversation started from a template: the meeting's plan in
 * markdown, section by section, so the advisor can run the meeting from the chat.
 */
export function templateOutline(template: Template) {
  const lines = [
    `**${template.name}**: ${phaseName(template.phaseId)}, ${minutes(totalMinutes(template.sections))} in ${template.sections.length} ${template.sections.length === 1 ? 'section' : 'sections'}.`,
    '',
  ]
  if (template.description) lines.push(template.description, '')
  template.sections.forEach((section, index) => {
    lines.push(`### ${index + 1}. ${section.title} (${minutes(section.timeAllocation)})`, '')
    if (section.suggestedScript) lines.push(`**Suggested script:** ${section.suggestedScript}`, '')
    lines.push(...list('Questions to ask', section.suggestedQuestions))
    lines.push(...list('Key information to capture', section.keyInformation))
  })
  if (template.followupActions.length) {
    lines.push('### Follow-up actions', '')
    for (const action of template.followupActions) {
      const details = [action.assignedTo, action.dueDate].filter(Boolean).join(', ')
      lines.push(`- ${action.isRequired ? '**Required:** ' : ''}${action.description}${details ? ` (${details})` : ''}`)
    }
    lines.push('')
  }
  lines.push('Ask me about your documents at any point of the meeting; my answers cite them.')
  return lines.join('\n').trim()
}
