import { and, eq, inArray } from 'drizzle-orm'

import { documents, documentTerms } from '../db/schema'
import type { Deps } from '../kernel/context'
import type { Term } from './types'

export interface StoredTerm extends Term {
  documentId: number
  title: string
}

// A data room's lease schedules hold tens of premises; past this a question reads the first ones.
const MAX_STORED_TERMS = 2_000

/** An organization's terms, each document's current ones (of `documentIds` only, when given), in one statement. */
export async function organizationTerms(
  { db }: Pick<Deps, 'db'>,
  organizationId: number,
  documentIds: number[] | null = null,
): Promise<StoredTerm[]> {
  if (documentIds?.length === 0) return []
  const rows = await db
    .select({ term: documentTerms, title: documents.title })
    .from(documentTerms)
    .innerJoin(documents, and(eq(documents.id, documentTerms.documentId), eq(documents.organizationId, organizationId)))
    .where(
      and(
        eq(documentTerms.organizationId, organizationId),
        documentIds ? inArray(documentTerms.documentId, documentIds) : undefined,
      ),
    )
    .orderBy(documentTerms.documentId, documentTerms.id)
    .limit(MAX_STORED_TERMS)
  return rows.map(({ term, title }) => ({
    kind: term.kind,
    termKey: term.termKey,
    entity: term.entity,
    entityKind: term.entityKind,
    text: term.text,
    date: term.date,
    year: term.year,
    source: { page: term.page, row: term.row, column: term.column, quote: term.quote },
    documentId: term.documentId,
    title,
  }))
}
