import {
  type AssessmentPayload as Assessment,
  type AssessmentQuestionPayload as AssessmentQuestion,
  AssessmentSchema,
} from '#api/readiness/assessment/contract'

import { apiJson } from './api-fetch.server'
import { expectShape } from './api-shape.server'

export type { Assessment, AssessmentQuestion }

const answerPath = (key: string) => `/assessment/answers/${encodeURIComponent(key)}/`

/** The readiness assessment API, bound to the signed-in request. */
export function assessmentApi(request: Request) {
  return {
    get: async () => expectShape(AssessmentSchema, await apiJson(request, '/assessment/'), 'assessment'),
    answer: (key: string, body: { score: number; note: string }) =>
      apiJson<unknown>(request, answerPath(key), { method: 'PUT', json: body }),
    accept: (key: string) => apiJson<unknown>(request, `${answerPath(key)}accept/`, { method: 'POST' }),
    complete: () => apiJson<unknown>(request, '/assessment/complete/', { method: 'POST' }),
  }
}
