import { z } from 'zod'

import { log } from '../../runtime/log'
import type { CellCitation, MessageDerivation } from '../../shared/cells'
import type { ComputedAnswer } from '../ai/answers/provider'
import type { PassageReference } from '../db/schema'

const CellCitationSchema: z.ZodType<CellCitation> = z.object({
  reference: z.number().int().positive().nullable(),
  document_id: z.number().int().positive(),
  chunk_id: z.number().int().positive(),
  table: z.number().int().nonnegative(),
  row: z.number().int().nonnegative(),
  column: z.number().int().nonnegative(),
  row_label: z.string(),
  column_label: z.string(),
  text: z.string(),
  page_number: z.number().int().nullable(),
  sheet_name: z.string().nullable(),
})

export const DerivationSchema: z.ZodType<MessageDerivation> = z
  .object({
    figure: z.string().min(1),
    parts: z.array(z.union([z.string(), z.object({ operand: z.number().int().nonnegative(), text: z.string() })])),
    operands: z.array(CellCitationSchema),
    strategy: z.string().max(40).optional(),
  })
  .refine(
    (derivation) =>
      derivation.parts.every((part) => typeof part === 'string' || part.operand < derivation.operands.length),
    { message: 'a part names an operand that is not there' },
  )

/**
 * The working to save with an answer computed from tables: each operand with the `[n]` its passage
 * got in the answer (`used[n - 1]` is the passage `[n]` names) and the document, chunk, table, row
 * and column of its cell. Null when the answer does not state the computed figure (a model may
 * answer otherwise) or an operand was read from a meeting's turn, which has no document to open.
 */
export function derivationOf(
  computed: ComputedAnswer,
  passages: Array<{ reference: PassageReference }>,
  used: number[],
  answer: string,
): MessageDerivation | null {
  if (!answer.includes(computed.figure)) return null
  // Without operands (a figure of a row of aligned text, a name read from a sentence) the answer
  // cites the passage alone, and the working keeps only the strategy that read it.
  if (computed.operands.length === 0)
    return computed.strategy ? { figure: computed.figure, parts: [], operands: [], strategy: computed.strategy } : null
  const operands: CellCitation[] = []
  for (const operand of computed.operands) {
    const reference = passages[operand.passage]?.reference
    if (!reference || reference.document_id === null) return null
    const position = used.indexOf(operand.passage)
    operands.push({
      reference: position === -1 ? null : position + 1,
      document_id: reference.document_id,
      chunk_id: reference.chunk_id,
      table: operand.table,
      row: operand.row,
      column: operand.column,
      row_label: operand.rowLabel,
      column_label: operand.columnLabel,
      text: operand.text.trim(),
      page_number: reference.page_number,
      sheet_name: reference.sheet_name,
    })
  }
  return {
    figure: computed.figure,
    parts: computed.parts,
    operands,
    ...(computed.strategy ? { strategy: computed.strategy } : {}),
  }
}

/** A saved derivation as the API gives it: checked, so a row of another shape reads as none rather than breaking the page. */
export function readDerivation(value: unknown, messageId: number): MessageDerivation | null {
  if (value === null || value === undefined) return null
  const parsed = DerivationSchema.safeParse(value)
  if (parsed.success) return parsed.data
  log.warn({ messageId }, `[chat] unreadable derivation: ${parsed.error.issues[0]?.message}`)
  return null
}
