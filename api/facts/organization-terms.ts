import { and, eq, type SQL, sql } from 'drizzle-orm'

import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import { documents, documentTerms } from '../db/schema'
import type { Deps } from '../kernel/context'
import type { Term } from './types'

export interface StoredTerm extends Term {
  documentId: number
  title: string
}

// A data room's lease schedules hold tens of premises; past this a question reads the first ones.
const MAX_STORED_TERMS = 2_000

// Built once: every question reads them, and drizzle built the select again each time (~0.17 ms).
const termsQuery = (db: Database, documentIds?: SQL) =>
  db
    .select({ term: documentTerms, title: documents.title })
    .from(documentTerms)
    .innerJoin(
      documents,
      and(eq(documents.id, documentTerms.documentId), eq(documents.organizationId, sql.placeholder('organizationId'))),
    )
    .where(and(eq(documentTerms.organizationId, sql.placeholder('organizationId')), documentIds))
    .orderBy(documentTerms.documentId, documentTerms.id)
    .limit(MAX_STORED_TERMS)
const termsOfOrganization = preparedStatement((db) => termsQuery(db).prepare('organization_terms'))
const termsOfDocuments = preparedStatement((db) =>
  termsQuery(db, sql`${documentTerms.documentId} = any(${sql.placeholder('documentIds')}::int[])`).prepare(
    'organization_terms_of_documents',
  ),
)

/** An organization's terms, each document's current ones (of `documentIds` only, when given), in one statement. */
export async function organizationTerms(
  { db }: Pick<Deps, 'db'>,
  organizationId: number,
  documentIds: number[] | null = null,
): Promise<StoredTerm[]> {
  if (documentIds?.length === 0) return []
  const rows = documentIds
    ? await termsOfDocuments(db).execute({ organizationId, documentIds: `{${documentIds.map(Math.trunc).join(',')}}` })
    : await termsOfOrganization(db).execute({ organizationId })
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
