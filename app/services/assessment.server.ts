import { type AssessmentPayload as Assessment, AssessmentSchema } from '#api/readiness/assessment/contract'

import { apiJson } from './api-fetch.server'
import { apiPath } from './api-path.server'
import { expectShape } from './api-shape.server'

export type { Assessment }

/** The readiness assessment API, bound to the signed-in request. */
export function assessmentApi(request: Request) {
  return {
    get: async () => expectShape(AssessmentSchema, await apiJson(request, apiPath('/assessment/')), 'assessment'),
    answer: (key: string, body: { score: number; note: string }) =>
      apiJson(request, apiPath('/assessment/answers/:key/', { key }), { method: 'PUT', json: body }),
    accept: (key: string) => apiJson(request, apiPath('/assessment/answers/:key/accept/', { key }), { method: 'POST' }),
    complete: () => apiJson(request, apiPath('/assessment/complete/'), { method: 'POST' }),
  }
}
