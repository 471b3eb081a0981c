import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'

// The backend's own limit (api/readiness/assessment/scoring.ts MAX_NOTE); it checks again.
export const MAX_NOTE = 2000

const key = z.string({ required_error: 'Choose a question' }).regex(/^[a-z]+\.[a-z-]+$/, 'Choose a question')

/** One question's answer: a score 1–5 and an optional note. */
export const AnswerSchema = z.object({
  key,
  score: z.coerce
    .number({ required_error: 'Choose a score from 1 to 5', invalid_type_error: 'Choose a score from 1 to 5' })
    .int('Choose a score from 1 to 5')
    .min(1, 'Choose a score from 1 to 5')
    .max(5, 'Choose a score from 1 to 5'),
  note: z.string().trim().max(MAX_NOTE, `A note can have at most ${MAX_NOTE} characters`).optional(),
})

/** Accepting a proposal names only the question: the score is the one the server reads. */
export const AcceptSchema = z.object({ key })

/** Completing sends nothing but the intent. */
export const CompleteSchema = z.object({})

/** Which form the last submission was for, so its errors reach that form and no other. */
export interface LastSubmission {
  intent: string
  key: string
  result: SubmissionResult<string[]>
}

/** The id of a question's stored answer on the page: a saved or accepted answer returns there. */
export const answerLineId = (key: string) => `q-${key}-answer`
