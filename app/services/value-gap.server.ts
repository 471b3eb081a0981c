import { z } from 'zod'

// The backend's response shapes, imported as types only (erased at build).
import type {
  ValueGapInputPayload as ValueGapInput,
  ValueGapPayload as ValueGap,
  ValueGapSourcePayload as ValueGapSource,
  ValueGapUpdatePayload as ValueGapUpdate,
} from '#api/value-gap/contract'

import { apiJson } from './api-fetch.server'
import { expectPartialShape } from './api-shape.server'

export type { ValueGap, ValueGapInput, ValueGapSource }

// What the page reads of them.
const SourceShape = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('document'),
    document_id: z.number(),
    title: z.string(),
    location: z.string(),
    quote: z.string(),
    chunk_id: z.number().nullable(),
    cell: z.object({ table: z.number(), row: z.number(), column: z.number() }).nullable(),
    page: z.number().nullable(),
  }),
  z.object({ kind: z.literal('entered'), by: z.string(), at: z.string() }),
])
const InputShape = z.object({
  key: z.string(),
  label: z.string(),
  value: z.string().nullable(),
  source: SourceShape.nullable(),
  document: z.object({ value: z.string(), source: SourceShape }).nullable(),
  overrides_document: z.boolean(),
  reason: z.string().nullable(),
})
const EntryShape = z.object({ value: z.string(), by: z.string(), at: z.string() }).nullable()
const ValueGapShape = z.object({
  can_edit: z.boolean(),
  basis: z.enum(['multiple', 'stated']).nullable(),
  basis_text: z.string().nullable(),
  inputs: z.record(InputShape),
  add_backs: z.object({
    items: z.array(z.object({ label: z.string(), value: z.string(), source: SourceShape })),
    total: z.object({ value: z.string(), source: SourceShape }).nullable(),
    reason: z.string().nullable(),
    used: z.boolean(),
  }),
  entries: z.record(EntryShape),
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

/** What the form sends: a figure sets an entry, "" clears it. */
export type ValueGapEntriesInput = Partial<Record<keyof ValueGap['entries'], string>>

/** The value gap API, bound to the signed-in request. */
export function valueGapApi(request: Request) {
  return {
    get: async () => expectPartialShape<ValueGap>(ValueGapShape, await apiJson(request, '/value-gap/'), 'value gap'),
    update: (entries: ValueGapEntriesInput) =>
      apiJson<ValueGapUpdate>(request, '/value-gap/', { method: 'PUT', json: entries }),
  }
}
