import Decimal from 'decimal.js'
import { and, eq, inArray } from 'drizzle-orm'

import { currencyNamedIn } from '../../../shared/figures'
import { IS_TABLE_LINE, splitRow } from '../../../shared/table-lines'
import { EXPLANATION, written } from '../../ai/answers/computed'
import type { ComputedAnswer, SourcePassage } from '../../ai/answers/provider'
import type { TableAnswer } from '../../ai/tables/answer'
import type { CellReference } from '../../ai/tables/compute'
import { SCALES } from '../../ai/tables/rows'
import { CURRENCY_SIGN } from '../../ai/text/amounts'
import { normalizeLabel } from '../../ai/text/measures'
import { type Scale } from '../../ai/text/scales'
import { documentChunks, documents, type PassageReference } from '../../db/schema'
import type { Deps } from '../../kernel/context'
import { type FactLink, linkFacts } from '../fact-links'
import { organizationFacts, type StoredFact } from '../organization-facts'
import { BEHIND_ADJUSTED } from './adjusted-strategies'
import { namesTheBusiness, withoutTheBusiness } from './business-named'
import { BEHIND_COMPOSITES } from './composite-strategies'
import type { FactQuestion } from './fact-question'
import { readFollowUp } from './follow-up-question'
import { type NotHeld, notHeld } from './not-held'
import { answerWithFacts } from './strategies'
import type { Style } from './strategy'

const SIGN = new RegExp(CURRENCY_SIGN)

export type Ranked = SourcePassage & { score: number; reference: PassageReference }

export interface FactAnswer<P extends Ranked> {
  /** The figure computed, or null when the facts show the documents lack the period asked (`notHeld`). */
  computed: ComputedAnswer | null
  /** "The documents give revenue for FY2022–FY2025, not January 2025 [1].", when so. */
  notHeld: string | null
  /** The passages the answer may cite: those retrieved, and first the one holding the facts' cells when retrieval missed it. */
  passages: P[] | Array<P | Ranked>
}

/**
 * A question answered from the organization's facts (issue 45, item 3), its figures cited by their
 * cells: the measure, period and entity the question names, read by the first strategy that
 * answers (./strategies); a follow-up with the `previous` question it follows. Null when none
 * does, and the question is answered from passages as before.
 * A conversation limited to some documents reads only their facts.
 */
export async function answerFromFacts<P extends Ranked>(
  deps: Deps,
  scope: { organizationId: number; documentIds: number[] | null },
  question: string,
  passages: P[],
  previous: string | null = null,
): Promise<FactAnswer<P> | null> {
  // A question asking why or how wants the sentence that explains it, not the figure; what a
  // parenthesis says qualifies the figure asked ("total debt (current portion included)").
  if (EXPLANATION.test(question.replace(/\([^()]*\)/g, ' '))) return null
  const followed = readFollowUp(question, previous)
  if (followed.measureKeys.length === 0) return null
  const read = await withoutTheBusiness(deps, scope, followed)
  // Adjusted EBITDA not stated is computed from EBITDA and the add-backs: their facts are read too.
  const adjusted = read.measureKeys.some((key) => BEHIND_ADJUSTED.includes(key))
  const wanted = [...read.measureKeys, ...(adjusted ? BEHIND_ADJUSTED : [])]
  // So are EBITDA and total debt from the lines a statement gives.
  const measureKeys = [...new Set([...wanted, ...wanted.flatMap((key) => BEHIND_COMPOSITES[key] ?? [])])]
  const facts = (await organizationFacts(deps, scope.organizationId, { measureKeys })).filter(
    (fact) => !scope.documentIds || scope.documentIds.includes(fact.documentId),
  )
  const answered = answerWithFacts(read, facts)
  if (!answered) return notHeldAnswer(deps, scope.organizationId, notHeld(read, facts, passages), passages)
  const links = await linkFacts(deps, scope.organizationId, answered.facts)
  // Every figure is cited by its passage, or the answer is left to the passages retrieved.
  if (answered.facts.some((fact) => !links.has(fact))) return null
  const reading = answered.facts.map((fact) => ({ fact, link: links.get(fact)! }))
  if (!namesTheBusiness(read, reading) && !namesTheOwner(read, reading, passages)) return null
  const all = await withChunks(
    deps,
    scope.organizationId,
    passages,
    reading.map(({ link }) => link.chunkId),
  )
  const cited = reading.map(({ fact, link }) => ({
    fact,
    link,
    cell: writtenCell(fact, link),
    passage: all.findIndex((passage) => passage.reference.chunk_id === link.chunkId),
  }))
  // A document that states a scale away from a fact's table ("in thousands" in a paragraph, or for
  // another table) leaves it open whether the figure is in units or in thousands: the fact layer
  // does not choose, and the passages' readers answer as before. A workbook's sheet is a table of
  // its own: another sheet's statement is not its.
  const statesScale = (fact: StoredFact) =>
    all.some(
      (passage) =>
        passage.documentScale &&
        (passage.reference.document_id === fact.documentId || passage.documentTitle === fact.title),
    )
  const unscaled = ({ fact }: (typeof cited)[number]) =>
    fact.scale === 1 && fact.unit !== '%' && fact.place.kind !== 'sheet' && statesScale(fact)
  if (cited.some(unscaled)) return null
  const style = styleOf(cited)
  const operands = cited.map(({ fact, cell }) => {
    const value = new Decimal(fact.value).dividedBy(style.scale ? SCALES[style.scale] : 1)
    return { value: OUTFLOWS.has(fact.measureKey!) ? value.abs() : value, cell }
  })
  const computation = answered.compute(operands, style)
  if (!computation) return null
  const answer: TableAnswer<number> = {
    operation: LOOKS_UP.has(answered.strategy) ? 'lookup' : 'sum',
    value: computation.value.toFixed(),
    display: computation.display,
    scale: computation.scale,
    unit: computation.unit,
    derivation: computation.derivation,
    operands: cited.map(({ cell, passage }) => ({ cell, source: passage })),
    parts: computation.parts.map((part) =>
      typeof part === 'string' ? part : { operand: operands.indexOf(part.operand), text: part.text },
    ),
  }
  // A cell the document view can draw is cited as chat's computed answers cite theirs; a row of
  // aligned text by its passage only.
  const drawn = cited.every(({ link }) => link.cell !== null)
  return {
    computed: {
      ...written(answer, all),
      strategy: answered.strategy,
      parts: drawn ? answer.parts : [],
      operands: drawn
        ? cited.map(({ cell, link, passage }) => ({
            ...cell,
            row: link.cell!.row,
            column: link.cell!.column,
            passage,
            table: link.cell!.table,
          }))
        : [],
    },
    notHeld: null,
    passages: all,
  }
}

/** The statement that the documents lack the period asked, citing what they give; null when the fact's passage is not found. */
async function notHeldAnswer<P extends Ranked>(
  deps: Deps,
  organizationId: number,
  missing: NotHeld | null,
  passages: P[],
): Promise<FactAnswer<P> | null> {
  if (!missing) return null
  const link = (await linkFacts(deps, organizationId, [missing.fact])).get(missing.fact)
  if (!link) return null
  const all = await withChunks(deps, organizationId, passages, [link.chunkId])
  const cited = all.findIndex((passage) => passage.reference.chunk_id === link.chunkId)
  return { computed: null, notHeld: `${missing.statement} [${cited + 1}].`, passages: all }
}

/** The passages retrieved, and first the chunks holding cited facts that retrieval did not bring. */
export async function withChunks<P extends Ranked>(
  deps: Deps,
  organizationId: number,
  passages: P[],
  chunkIds: number[],
) {
  const all: Array<P | Ranked> = [...passages]
  const missing = [...new Set(chunkIds)].filter(
    (chunkId) => !passages.some((passage) => passage.reference.chunk_id === chunkId),
  )
  all.unshift(...(await chunkPassages(deps, organizationId, missing, passages[0]?.score ?? 1)))
  return all
}

// Costs a statement shows in parentheses ("(110)" of interest expense) are what was spent: an
// answer states, adds and compares their size.
const OUTFLOWS = new Set(['cost_of_sales', 'operating_expenses', 'depreciation', 'interest', 'income_tax', 'capex'])

// Strategies whose answer is the figures read: their working names each cell, no formula.
const LOOKS_UP = new Set(['lookup', 'each-year'])

/**
 * "did Blue Spruce Services spend": a name doing what the question asks that no fact read holds as
 * an entity is the business only when every figure's own passage names it (a statement's heading),
 * not a customer the files lack.
 */
// What the owner states of themselves: "What after-tax amount does Daniel Bennett want?" asks it of them.
const OWNERS_OWN = new Set(['after_tax_need'])

/** Whether a question asks the owner's own figure by their name, a name the passages retrieved for it hold. */
function namesTheOwner(question: FactQuestion, read: Array<{ fact: StoredFact }>, passages: Array<{ text: string }>) {
  if (!question.subject || !read.every(({ fact }) => OWNERS_OWN.has(fact.measureKey ?? ''))) return false
  const subject = ` ${normalizeLabel(question.subject)} `
  return passages.some((passage) => ` ${normalizeLabel(passage.text)} `.includes(subject))
}

/** A fact's cell as a citation names it: its row's label, its column's header, its text as written. */
function writtenCell(fact: StoredFact, link: FactLink): CellReference {
  const row = IS_TABLE_LINE.test(fact.source.quote) ? splitRow(fact.source.quote) : null
  return {
    row: link.cell?.row ?? 0,
    column: link.cell?.column ?? 0,
    rowLabel: row?.[0] ?? fact.entity ?? fact.measure,
    columnLabel: link.columnLabel ?? fact.period?.label ?? '',
    // A row whose cells a text file runs together by spaces is quoted whole.
    text: row?.[fact.source.column ?? -1] ?? fact.source.quote,
  }
}

/**
 * The currency a cell's figure is in: the sign it writes, else the one its row, its column or its
 * sheet names ("revenue_usd", a sheet "P&L (USD)"). A count or a share has none, and neither has a
 * figure whose file names no currency: the fact layer's "$" for every amount is an assumption.
 */
function currencyOf({ fact, cell }: { fact: StoredFact; cell: CellReference }) {
  const written = SIGN.exec(cell.text)?.[0]
  if (written || fact.unit === null || fact.unit === '%') return written ?? null
  return currencyNamedIn(cell.rowLabel, cell.columnLabel, fact.place.kind === 'sheet' ? (fact.place.label ?? '') : '')
}

/**
 * How an answer states amounts, as the table answers write theirs: in the scale the documents
 * state when every figure read shares it ("1,184 thousand" for 1,184 in a table in thousands),
 * else in units; with a currency only where every cell writes or names the same one.
 */
function styleOf(cited: Array<{ fact: StoredFact; cell: CellReference }>): Style {
  const scales = new Set(cited.map(({ fact }) => fact.scale))
  const [factor] = scales
  const scale =
    scales.size === 1
      ? ((Object.entries(SCALES) as Array<[Scale, number]>).find(([, each]) => each === factor)?.[0] ?? null)
      : null
  const signs = new Set(cited.map(currencyOf))
  const [unit] = signs
  return { scale, unit: signs.size === 1 ? (unit ?? null) : null }
}

/** The chunks holding cited cells that retrieval did not bring, as passages an answer cites. */
async function chunkPassages(deps: Deps, organizationId: number, chunkIds: number[], score: number): Promise<Ranked[]> {
  if (chunkIds.length === 0) return []
  const rows = await deps.db
    .select({
      id: documentChunks.id,
      documentId: documentChunks.documentId,
      title: documents.title,
      text: documentChunks.text,
      pageNumber: documentChunks.pageNumber,
      sheetName: documentChunks.sheetName,
    })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(and(eq(documentChunks.organizationId, organizationId), inArray(documentChunks.id, chunkIds)))
  return rows.map((row) => ({
    text: row.text,
    documentTitle: row.title,
    pageNumber: row.pageNumber,
    sheetName: row.sheetName,
    score,
    reference: {
      document_id: row.documentId,
      document_title: row.title,
      chunk_id: row.id,
      page_number: row.pageNumber,
      sheet_name: row.sheetName,
    },
  }))
}
