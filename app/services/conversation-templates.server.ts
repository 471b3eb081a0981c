import {
  type TemplateInput,
  type TemplateListPayload as TemplateList,
  TemplateListSchema,
  type TemplatePayload as ConversationTemplate,
  TemplateSchema,
} from '#api/conversation-templates/contract'

import { apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { ConversationTemplate, TemplateInput, TemplateList }

const path = (id: string) => apiPath('/conversation-templates/:id/', { id })

/** The conversation templates API, bound to the signed-in request. */
export function templatesApi(request: Request) {
  return {
    list: async (query: { phase?: string; page?: number }) => {
      const params = new URLSearchParams()
      if (query.phase) params.set('phase', query.phase)
      if (query.page && query.page > 1) params.set('page', String(query.page))
      return expectShape(
        TemplateListSchema,
        await apiJson(request, apiPath('/conversation-templates/', undefined, params)),
        'templates',
      )
    },
    get: async (id: string) => expectShape(TemplateSchema, await apiJson(request, path(id)), 'template'),
    create: async (input: TemplateInput) =>
      expectShape(
        TemplateSchema,
        await apiJson(request, apiPath('/conversation-templates/'), { method: 'POST', json: input }),
        'template',
      ),
    update: async (id: string, input: TemplateInput) =>
      expectShape(TemplateSchema, await apiJson(request, path(id), { method: 'PUT', json: input }), 'template'),
    remove: (id: string) => apiJson<void>(request, path(id), { method: 'DELETE' }),
  }
}
