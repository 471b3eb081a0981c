import { eq } from 'drizzle-orm'

import type { Database } from '../db/database'
import { documentFacts, documents, documentTerms } from '../db/schema'
import type { DocumentReading } from './read-facts'
import { tablesHold } from './tables-hold'
import type { Fact, Term } from './types'

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
  // What every stored row says of where it was read: whose, which version, which page and quote.
  const owned = { organizationId: document.organizationId, documentId: document.id, versionId }
  const placed = ({ source }: Fact | Term) => ({
    page: source.page,
    row: source.row,
    column: source.column,
    quote: source.quote,
  })
  await inBatches(facts, (batch) =>
    tx.insert(documentFacts).values(
      batch.map((fact) => ({
        ...owned,
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
        ...placed(fact),
      })),
    ),
  )
  await inBatches(terms, (batch) =>
    tx.insert(documentTerms).values(
      batch.map((term) => ({
        ...owned,
        kind: term.kind,
        termKey: term.termKey,
        entity: term.entity,
        entityKind: term.entityKind,
        text: term.text,
        date: term.date,
        year: term.year,
        ...placed(term),
      })),
    ),
  )
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) await insert(rows.slice(start, start + INSERT_BATCH))
}
