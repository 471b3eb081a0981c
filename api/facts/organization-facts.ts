import { and, eq, inArray, or } from 'drizzle-orm'

import { documentFacts, documentPages, documents } from '../db/schema'
import type { Deps } from '../kernel/context'
import type { EntityKind, Fact } from './types'

/** A fact with the document it was read from and the page, sheet or section that holds it. */
export interface StoredFact extends Fact {
  documentId: number
  title: string
  place: { kind: 'page' | 'sheet' | 'section'; label: string | null }
}

// An organization's figures of a few measures: a sale file holds tens, a data room a few thousand.
// Past this a page reads the first ones rather than a pathological upload's every cell.
export const MAX_STORED_FACTS = 20_000

/** Which facts a reader asks for: those of these measures, and those of entities of these kinds. */
export interface FactQuery {
  measureKeys: string[]
  entityKinds?: EntityKind[]
}

/**
 * The facts asked for, stated in an organization's documents, in one statement: each document's
 * current facts (processing replaces them with a new version's), with its title and place.
 */
export async function organizationFacts(
  { db }: Pick<Deps, 'db'>,
  organizationId: number,
  { measureKeys, entityKinds = [] }: FactQuery,
): Promise<StoredFact[]> {
  const rows = await db
    .select({
      fact: documentFacts,
      title: documents.title,
      placeKind: documentPages.kind,
      placeLabel: documentPages.label,
    })
    .from(documentFacts)
    .innerJoin(documents, and(eq(documents.id, documentFacts.documentId), eq(documents.organizationId, organizationId)))
    .leftJoin(
      documentPages,
      and(eq(documentPages.versionId, documentFacts.versionId), eq(documentPages.pageNumber, documentFacts.page)),
    )
    .where(
      and(
        eq(documentFacts.organizationId, organizationId),
        or(
          inArray(documentFacts.measureKey, measureKeys),
          entityKinds.length ? inArray(documentFacts.entityKind, entityKinds) : undefined,
        ),
      ),
    )
    .orderBy(documentFacts.documentId, documentFacts.id)
    .limit(MAX_STORED_FACTS)
  return rows.map(({ fact, title, placeKind, placeLabel }) => ({
    kind: fact.kind,
    measure: fact.measure,
    measureKey: fact.measureKey,
    entity: fact.entity,
    entityKind: fact.entityKind,
    period: fact.periodKind
      ? {
          kind: fact.periodKind,
          year: fact.periodYear!,
          ...(fact.periodQuarter === null ? {} : { quarter: fact.periodQuarter }),
          ...(fact.periodMonth === null ? {} : { month: fact.periodMonth }),
          ...(fact.periodDate === null ? {} : { date: fact.periodDate }),
          label: fact.periodLabel ?? '',
        }
      : null,
    // numeric comes back as Postgres writes it: "14235000.000" is 14235000, trailing zeros dropped.
    value: trimDecimal(fact.value),
    unit: fact.unit,
    scale: fact.scale,
    ...(fact.bound ? { bound: fact.bound } : {}),
    source: { page: fact.page, row: fact.row, column: fact.column, quote: fact.quote },
    documentId: fact.documentId,
    title,
    place: { kind: placeKind ?? 'section', label: placeLabel },
  }))
}

const trimDecimal = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value)
