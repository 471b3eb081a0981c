import { z } from 'zod'

import { ENTRY_FIELDS } from '../../../shared/value-gap'

// The response bodies of the value gap API, declared once: the service returns them, the web tier's
// client checks what it is sent against them. Only zod and shared/, so the web tier may load it.

/** Where an input came from, with the sentence a reader is told: a cited document, or an advisor's entry. */
export const ValueGapSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('document'),
    document_id: z.number(),
    title: z.string(),
    location: z.string(),
    quote: z.string(),
    chunk_id: z.number().nullable(),
    cell: z.object({ table: z.number(), row: z.number(), column: z.number() }).nullable(),
    page: z.number().nullable(),
    text: z.string(),
  }),
  z.object({ kind: z.literal('entered'), by: z.string(), at: z.string(), text: z.string() }),
])

/**
 * One input as used: the entry when there is one (it overrides the document's figure, which is
 * still shown), else the document's, else null with the reason the documents give none.
 */
export const ValueGapInputSchema = z.object({
  key: z.enum([...(Object.keys(ENTRY_FIELDS) as [keyof typeof ENTRY_FIELDS]), 'valuation_mid']),
  label: z.string(),
  value: z.string().nullable(),
  source: ValueGapSourceSchema.nullable(),
  document: z.object({ value: z.string(), source: ValueGapSourceSchema }).nullable(),
  overrides_document: z.boolean(),
  reason: z.string().nullable(),
})

const EnteredSchema = z.object({ value: z.string(), by: z.string(), at: z.string() })
/** The advisor's entries, each field null when not entered. */
const EntriesSchema = z.object(
  Object.fromEntries(Object.keys(ENTRY_FIELDS).map((field) => [field, EnteredSchema.nullable()])) as Record<
    keyof typeof ENTRY_FIELDS,
    z.ZodNullable<typeof EnteredSchema>
  >,
)

export const ValueGapSchema = z.object({
  can_edit: z.boolean(),
  basis: z.enum(['multiple', 'stated']).nullable(),
  basis_text: z.string().nullable(),
  inputs: z.object({
    goal_after_tax: ValueGapInputSchema,
    target_date: ValueGapInputSchema,
    /** The period the documents' EBITDA is for; null when an advisor entered it. */
    ebitda: ValueGapInputSchema.extend({ period: z.string().nullable() }),
    valuation_low: ValueGapInputSchema,
    valuation_mid: ValueGapInputSchema,
    valuation_high: ValueGapInputSchema,
    multiple_low: ValueGapInputSchema,
    multiple_mid: ValueGapInputSchema,
    multiple_high: ValueGapInputSchema,
    transaction_cost_percent: ValueGapInputSchema,
    tax_percent: ValueGapInputSchema,
  }),
  add_backs: z.object({
    items: z.array(z.object({ label: z.string(), value: z.string(), source: ValueGapSourceSchema })),
    total: z.object({ value: z.string(), source: ValueGapSourceSchema }).nullable(),
    reason: z.string().nullable(),
    used: z.boolean(),
  }),
  entries: EntriesSchema,
  needed: z.array(z.string()),
  problems: z.array(z.string()),
  result: z
    .object({
      goal: z.string(),
      normalized_ebitda: z.object({ value: z.string(), working: z.string() }).nullable(),
      scenarios: z.array(
        z.object({
          case: z.enum(['low', 'mid', 'high']),
          enterprise_value: z.string(),
          transaction_costs: z.string(),
          proceeds_before_tax: z.string(),
          tax: z.string(),
          net_proceeds: z.string(),
          gap: z.string(),
          outcome: z.enum(['shortfall', 'surplus', 'met']),
          working: z.array(z.string()),
        }),
      ),
    })
    .nullable(),
})

/** PUT /value-gap/: the fields changed and the entries as they stand. */
export const ValueGapUpdateSchema = z.object({
  changed: z.array(z.string()),
  entries: EntriesSchema,
})

export type ValueGapPayload = z.infer<typeof ValueGapSchema>
export type ValueGapInputPayload = z.infer<typeof ValueGapInputSchema>
export type ValueGapSourcePayload = z.infer<typeof ValueGapSourceSchema>
export type ValueGapUpdatePayload = z.infer<typeof ValueGapUpdateSchema>
