import type { getAssessment } from './service'

// The response bodies of the assessment API, for the web tier's client (`import type` only).
export type AssessmentPayload = Awaited<ReturnType<typeof getAssessment>>
export type AssessmentQuestionPayload = AssessmentPayload['sections'][number]['questions'][number]
