import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'

import { templateOutline } from '../../api/conversation-templates/outline'
import { TemplateFormSchema, templateInput } from '../../app/components/conversation-templates/template-schema'

/** A form post as the browser sends it, field by field. */
function formData(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

describe('the template form', () => {
  it('reads nested sections and lists, dropping list items left empty', () => {
    const submission = parseWithZod(
      formData({
        name: ' Buyer meeting ',
        phaseId: 'phase-3',
        'sections[0].title': 'Opening',
        'sections[0].timeAllocation': '20',
        'sections[0].suggestedQuestions[0]': 'Why now?',
        'sections[0].suggestedQuestions[1]': '',
        'sections[0].keyInformation[0]': 'Timeline',
        'followupActions[0].description': 'Send the teaser',
        'followupActions[0].isRequired': 'on',
      }),
      { schema: TemplateFormSchema },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(templateInput(submission.value)).toEqual({
      name: 'Buyer meeting',
      phaseId: 'phase-3',
      description: '',
      sections: [
        {
          title: 'Opening',
          suggestedScript: '',
          suggestedQuestions: ['Why now?'],
          keyInformation: ['Timeline'],
          timeAllocation: 20,
        },
      ],
      followupActions: [{ description: 'Send the teaser', assignedTo: '', dueDate: '', isRequired: true }],
    })
  })

  it('answers with the spec messages on the fields they concern', () => {
    const submission = parseWithZod(
      formData({ name: ' ', 'sections[0].title': '', 'sections[0].timeAllocation': '0' }),
      { schema: TemplateFormSchema },
    )
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toEqual({
      name: ['Template name is required'],
      phaseId: ['Exit planning phase is required'],
      'sections[0].title': ['Section title is required'],
      'sections[0].timeAllocation': ['Time allocation must be greater than 0'],
    })
    const none = parseWithZod(formData({ name: 'x', phaseId: 'phase-1' }), { schema: TemplateFormSchema })
    expect(none.reply().error).toEqual({ sections: ['Template must have at least one section'] })
  })
})

describe('the plan a template conversation starts with', () => {
  it('lays out every section with its minutes, script, questions and key information, then the follow-ups', () => {
    const outline = templateOutline({
      name: 'Valuation review',
      phaseId: 'phase-1',
      description: 'Walk the owner through the value range.',
      sections: [
        {
          title: 'Normalized EBITDA',
          suggestedScript: 'Let us start from reported earnings.',
          suggestedQuestions: ['What does the owner pay themselves?'],
          keyInformation: ['Add-backs with evidence'],
          timeAllocation: 25,
        },
        { title: 'Wrap-up', suggestedScript: '', suggestedQuestions: [], keyInformation: [], timeAllocation: 1 },
      ],
      followupActions: [
        {
          description: 'Request three years of statements',
          assignedTo: 'Owner',
          dueDate: 'Within 1 week',
          isRequired: true,
        },
      ],
    })
    expect(outline).toContain('**Valuation review**: Orientation & Assessment, 26 minutes in 2 sections.')
    expect(outline).toContain('### 1. Normalized EBITDA (25 minutes)')
    expect(outline).toContain('**Suggested script:** Let us start from reported earnings.')
    expect(outline).toContain('- What does the owner pay themselves?')
    expect(outline).toContain('- Add-backs with evidence')
    expect(outline).toContain('### 2. Wrap-up (1 minute)')
    expect(outline).not.toContain('Questions to ask\n\n### 2')
    expect(outline).toContain('- **Required:** Request three years of statements (Owner, Within 1 week)')
  })
})
