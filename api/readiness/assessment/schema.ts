import { z } from 'zod'

import type { Question } from './drivers'
import { MAX_NOTE } from './scoring'

/** PUT /api/assessment/answers/{key}/: the score and note, in validateAnswers' words for the question. */
export const answerSchema = (question: Question) => {
  const score = `The answer to "${question.text}" must be a whole number from 1 to 5.`
  return z
    .object(
      {
        score: z.number({ required_error: score, invalid_type_error: score }).int(score).min(1, score).max(5, score),
        note: z
          .string({ invalid_type_error: `The note on "${question.text}" must be text.` })
          .trim()
          .max(MAX_NOTE, `The note on "${question.text}" is longer than ${MAX_NOTE} characters.`)
          .nullable()
          .optional()
          .transform((note) => note ?? ''),
      },
      { invalid_type_error: 'Invalid data. Expected a JSON object.' },
    )
    .strict('Unknown field.')
}

export type AnswerInput = z.infer<ReturnType<typeof answerSchema>>
