import { z } from 'zod'

// The backend's response shapes, imported as types only (erased at build).
import type {
  AssessmentPayload as Assessment,
  AssessmentQuestionPayload as AssessmentQuestion,
} from '#api/assessment/contract'

import { apiJson } from './api-fetch.server'
import { expectPartialShape } from './api-shape.server'

export type { Assessment, AssessmentQuestion }

// What the page reads of them.
const SourceShape = z.object({ document_id: z.number(), title: z.string(), location: z.string(), quote: z.string() })
const AnswerShape = z.object({
  score: z.number(),
  note: z.string(),
  by: z.string(),
  at: z.string(),
  origin: z.union([
    z.object({ kind: z.literal('entered') }),
    z.object({
      kind: z.literal('proposal'),
      evidence: z.string(),
      document: z.object({ id: z.number(), title: z.string().nullable() }).nullable(),
    }),
  ]),
})
const AssessmentShape = z.object({
  can_edit: z.boolean(),
  open: z.object({ id: z.number() }).nullable(),
  starting_point: z.object({ id: z.number(), completed_at: z.string() }).nullable(),
  overall: z.object({
    display: z.string().nullable(),
    drivers_answered: z.number(),
    drivers: z.number(),
    questions_answered: z.number(),
    questions: z.number(),
    change: z.string().nullable(),
  }),
  change_since: z.string().nullable(),
  drivers: z.array(
    z.object({ key: z.string(), name: z.string(), display: z.string().nullable(), change: z.string().nullable() }),
  ),
  sections: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      display: z.string().nullable(),
      questions: z.array(
        z.object({
          key: z.string(),
          text: z.string(),
          low: z.string(),
          high: z.string(),
          answer: AnswerShape.nullable(),
          proposal: z
            .object({ score: z.number(), evidence: z.string(), differs: z.boolean(), sources: z.array(SourceShape) })
            .nullable(),
          no_proposal: z.string().nullable(),
        }),
      ),
    }),
  ),
  history: z.array(
    z.object({ id: z.number(), completed_at: z.string(), completed_by: z.string(), overall: z.string().nullable() }),
  ),
})

const answerPath = (key: string) => `/assessment/answers/${encodeURIComponent(key)}/`

/** The readiness assessment API, bound to the signed-in request. */
export function assessmentApi(request: Request) {
  return {
    get: async () =>
      expectPartialShape<Assessment>(AssessmentShape, await apiJson(request, '/assessment/'), 'assessment'),
    answer: (key: string, body: { score: number; note: string }) =>
      apiJson<unknown>(request, answerPath(key), { method: 'PUT', json: body }),
    accept: (key: string) => apiJson<unknown>(request, `${answerPath(key)}accept/`, { method: 'POST' }),
    complete: () => apiJson<unknown>(request, '/assessment/complete/', { method: 'POST' }),
  }
}
