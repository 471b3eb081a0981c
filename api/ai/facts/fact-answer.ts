import Decimal from 'decimal.js'
import { and, eq, inArray } from 'drizzle-orm'

import type { Deps } from '../../context'
import { documentChunks, type DocumentReference, documents } from '../../db/schema'
import { linkFacts } from '../../facts/fact-links'
import { organizationFacts, type StoredFact } from '../../facts/organization-facts'
import type { ComputedAnswer, SourcePassage } from '../answers/provider'
import { cellText, describe } from '../tables/compute'
import { SCALES } from '../tables/rows'
import { IS_TABLE_LINE, type Scale, splitRow } from '../tables/table'
import { readFactQuestion } from './fact-question'
import { answerWithFacts } from './strategies'

type Ranked = SourcePassage & { score: number; reference: DocumentReference }

export interface FactAnswer<P extends Ranked> {
  computed: ComputedAnswer
  /** The passages the answer may cite: those retrieved, and first the one holding the facts' cells when retrieval missed it. */
  passages: P[] | Array<P | Ranked>
}

/**
 * A question answered from the organization's facts (issue 45, item 3), its figures cited by their
 * cells: the measure, period and entity the question names, read by the first strategy that
 * answers (./strategies). Null when none does, and the question is answered from passages as before.
 * A conversation limited to some documents reads only their facts.
 */
export async function answerFromFacts<P extends Ranked>(
  deps: Deps,
  scope: { organizationId: number; documentIds: number[] | null },
  question: string,
  passages: P[],
): Promise<FactAnswer<P> | null> {
  const read = readFactQuestion(question)
  if (!read.measureKey) return null
  const facts = (await organizationFacts(deps, scope.organizationId, { measureKeys: [read.measureKey] })).filter(
    (fact) => !scope.documentIds || scope.documentIds.includes(fact.documentId),
  )
  const answered = answerWithFacts(read, facts)
  if (!answered) return null
  const links = await linkFacts(deps, scope.organizationId, answered.facts)
  const cells = answered.facts.map((fact) => ({ fact, link: links.get(fact) }))
  // Every figure is cited by its passage, or the answer is left to the passages retrieved.
  if (cells.some(({ link }) => !link)) return null
  const all: Array<P | Ranked> = [...passages]
  const missing = [...new Set(cells.map(({ link }) => link!.chunkId))].filter(
    (chunkId) => !passages.some((passage) => passage.reference.chunk_id === chunkId),
  )
  all.unshift(...(await chunkPassages(deps, scope.organizationId, missing, passages[0]?.score ?? 1)))
  const cited = cells.map(({ fact, link }) => {
    const row = IS_TABLE_LINE.test(fact.source.quote) ? splitRow(fact.source.quote) : null
    const cell = {
      row: link!.cell?.row ?? 0,
      column: link!.cell?.column ?? 0,
      rowLabel: row?.[0] ?? fact.entity ?? fact.measure,
      columnLabel: link!.columnLabel ?? fact.period?.label ?? '',
      // A row whose cells a text file runs together by spaces is quoted whole.
      text: row?.[fact.source.column ?? -1] ?? fact.source.quote,
    }
    const passage = all.findIndex((each) => each.reference.chunk_id === link!.chunkId)
    return { cell, passage, table: link!.cell?.table ?? null }
  })
  const [fact] = answered.facts
  const [first] = cited
  // A document that states a scale away from the fact's table ("in thousands" in a paragraph, or
  // for another table) leaves it open whether the figure is in units or in thousands: the fact
  // layer does not choose, and the passages' readers answer as before.
  if (fact!.scale === 1 && fact!.unit !== '%' && all[first!.passage]?.documentScale) return null
  const text = cellText({ cell: first!.cell })
  // A cell the document view can draw is cited as chat's computed answers cite theirs; a row of
  // aligned text by its passage only.
  const operands = cited.every(({ table }) => table !== null)
    ? cited.map(({ cell, passage, table }) => ({ ...cell, passage, table: table! }))
    : []
  return {
    computed: {
      strategy: answered.strategy,
      figure: figureOf(fact!, first!.cell.text),
      derivation: `${[first!.cell.rowLabel, first!.cell.columnLabel].filter(Boolean).join(', ')}: ${text} [${first!.passage + 1}]`,
      cells: '',
      parts: operands.length ? [{ operand: 0, text }] : [],
      operands,
    },
    passages: all,
  }
}

/**
 * A fact's figure as an answer states it, as the table answers write theirs: in the scale its
 * document states ("1,184 thousand" for 1,184 in a table in thousands), grouped.
 */
function figureOf(fact: StoredFact, written: string) {
  const scale = (Object.entries(SCALES) as Array<[Scale, number]>).find(([, factor]) => factor === fact.scale)?.[0]
  const value = new Decimal(fact.value).dividedBy(scale ? fact.scale : 1)
  // A currency sign only where the cell writes one, as the table answers write theirs.
  const unit = fact.unit === '%' ? '%' : (/[$€£¥]/.exec(written)?.[0] ?? null)
  return describe(value, scale ?? null, unit)
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
      relevance_score: Math.round(score * 10_000) / 10_000,
      chunk_id: row.id,
      page_number: row.pageNumber,
      sheet_name: row.sheetName,
    },
  }))
}
