import { z } from 'zod'

// The backend's bodies, imported as types only (erased at build).
import type { TemplateInput, TemplatePayload as ConversationTemplate } from '#api/conversation-templates/contract'

import { apiJson } from './api-fetch.server'
import { expectPartialShape } from './api-shape.server'

export type { ConversationTemplate, TemplateInput }

// What the pages read of a template.
const TemplateShape = z.object({
  id: z.string(),
  name: z.string(),
  phaseId: z.string(),
  phaseName: z.string(),
  description: z.string(),
  estimatedDuration: z.number(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  sections: z.array(
    z.object({
      title: z.string(),
      suggestedScript: z.string(),
      suggestedQuestions: z.array(z.string()),
      keyInformation: z.array(z.string()),
      timeAllocation: z.number(),
    }),
  ),
  followupActions: z.array(
    z.object({ description: z.string(), assignedTo: z.string(), dueDate: z.string(), isRequired: z.boolean() }),
  ),
})
const TemplateListShape = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(TemplateShape),
})

export interface TemplateList {
  count: number
  page: number
  page_size: number
  results: ConversationTemplate[]
}

const path = (id: string) => `/conversation-templates/${encodeURIComponent(id)}/`

/** The conversation templates API, bound to the signed-in request. */
export function templatesApi(request: Request) {
  return {
    list: async (query: { phase?: string; page?: number }) => {
      const params = new URLSearchParams()
      if (query.phase) params.set('phase', query.phase)
      if (query.page && query.page > 1) params.set('page', String(query.page))
      const search = params.size ? `?${params}` : ''
      return expectPartialShape<TemplateList>(
        TemplateListShape,
        await apiJson(request, `/conversation-templates/${search}`),
        'templates',
      )
    },
    get: async (id: string) =>
      expectPartialShape<ConversationTemplate>(TemplateShape, await apiJson(request, path(id)), 'template'),
    create: async (input: TemplateInput) =>
      expectPartialShape<ConversationTemplate>(
        TemplateShape,
        await apiJson(request, '/conversation-templates/', { method: 'POST', json: input }),
        'template',
      ),
    update: async (id: string, input: TemplateInput) =>
      expectPartialShape<ConversationTemplate>(
        TemplateShape,
        await apiJson(request, path(id), { method: 'PUT', json: input }),
        'template',
      ),
    remove: (id: string) => apiJson<void>(request, path(id), { method: 'DELETE' }),
  }
}
