import { z } from 'zod'

// The response bodies of the assessment API, declared once: the service returns them, the web
// tier's client checks what it is sent against them. Only zod and shared/, so the web tier may load it.

/** An answer, and whether the advisor entered it or accepted what the documents proposed. */
export const AnswerSchema = z.object({
  score: z.number(),
  note: z.string(),
  by: z.string(),
  at: z.string(),
  origin: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('entered') }),
    z.object({
      kind: z.literal('proposal'),
      evidence: z.string(),
      // The document's title is null once it is deleted; the evidence, as it read then, stays.
      document: z.object({ id: z.number(), title: z.string().nullable() }).nullable(),
    }),
  ]),
})

const ProposalSchema = z.object({
  score: z.number(),
  evidence: z.string(),
  differs: z.boolean(),
  sources: z.array(z.object({ document_id: z.number(), title: z.string(), location: z.string(), quote: z.string() })),
})

const QuestionSchema = z.object({
  key: z.string(),
  text: z.string(),
  low: z.string(),
  high: z.string(),
  answer: AnswerSchema.nullable(),
  proposal: ProposalSchema.nullable(),
  no_proposal: z.string().nullable(),
})

export const AssessmentSchema = z.object({
  can_edit: z.boolean(),
  open: z.object({ id: z.number(), started_at: z.string(), updated_at: z.string() }).nullable(),
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
    z.object({
      key: z.string(),
      name: z.string(),
      display: z.string().nullable(),
      answered: z.number(),
      questions: z.number(),
      change: z.string().nullable(),
    }),
  ),
  sections: z.array(
    z.object({ key: z.string(), name: z.string(), display: z.string().nullable(), questions: z.array(QuestionSchema) }),
  ),
  history: z.array(
    z.object({
      id: z.number(),
      completed_at: z.string(),
      completed_by: z.string(),
      overall: z.string().nullable(),
      drivers_answered: z.number(),
      questions_answered: z.number(),
    }),
  ),
})

/** POST /assessment/complete/: the assessment as completed. */
export const CompletedSchema = z.object({
  id: z.number(),
  completed_at: z.string(),
  overall: z.string().nullable(),
  questions_answered: z.number(),
})

export type AssessmentPayload = z.infer<typeof AssessmentSchema>
export type AssessmentQuestionPayload = z.infer<typeof QuestionSchema>
export type AnswerPayload = z.infer<typeof AnswerSchema>
export type CompletedPayload = z.infer<typeof CompletedSchema>
