import { eq } from 'drizzle-orm'

import type { Database } from '../db/database'
import { documentFacts, documents, documentTerms } from '../db/schema'
import type { DocumentReading } from './read-facts'
import { tablesHold } from './tables-hold'

const INSERT_BATCH = 500

/**
 * Replaces a document's facts and terms with its current version's, and what its tables hold with
 * what they say, inside the transaction that stores the version's pages.
 */
export async function replaceFacts(
  tx: Database,
  document: { id: number; organizationId: number },
  versionId: number,
  { facts, terms }: DocumentReading,
) {
  await tx.delete(documentFacts).where(eq(documentFacts.documentId, document.id))
  await tx.delete(documentTerms).where(eq(documentTerms.documentId, document.id))
  await tx
    .update(documents)
    .set({ tablesHold: tablesHold(facts) })
    .where(eq(documents.id, document.id))
  for (let start = 0; start < facts.length; start += INSERT_BATCH)
    await tx.insert(documentFacts).values(
      facts.slice(start, start + INSERT_BATCH).map((fact) => ({
        organizationId: document.organizationId,
        documentId: document.id,
        versionId,
        kind: fact.kind,
        measure: fact.measure,
        measureKey: fact.measureKey,
        entity: fact.entity,
        entityKind: fact.entityKind,
        periodKind: fact.period?.kind ?? null,
        periodYear: fact.period?.year ?? null,
        periodQuarter: fact.period?.quarter ?? null,
        periodMonth: fact.period?.month ?? null,
        periodDate: fact.period?.date ?? null,
        periodLabel: fact.period?.label ?? null,
        value: fact.value,
        unit: fact.unit,
        scale: fact.scale,
        bound: fact.bound ?? null,
        page: fact.source.page,
        row: fact.source.row,
        column: fact.source.column,
        quote: fact.source.quote,
      })),
    )
  for (let start = 0; start < terms.length; start += INSERT_BATCH)
    await tx.insert(documentTerms).values(
      terms.slice(start, start + INSERT_BATCH).map((term) => ({
        organizationId: document.organizationId,
        documentId: document.id,
        versionId,
        kind: term.kind,
        termKey: term.termKey,
        entity: term.entity,
        entityKind: term.entityKind,
        text: term.text,
        date: term.date,
        year: term.year,
        page: term.source.page,
        row: term.source.row,
        column: term.source.column,
        quote: term.source.quote,
      })),
    )
}
