import { and, eq } from 'drizzle-orm'

import { documents } from '../db/schema'
import type { Deps, OrgCaller } from '../kernel/context'
import { notFound } from '../kernel/http-error'
import { pathId } from '../kernel/validation'

/** A document id from the path; anything but digits naming a possible row answers 404 (it cannot exist). */
export const documentId = (raw: string | undefined) => pathId(raw, 'Document not found.')

/** The document if it belongs to the caller's organization; any other id answers 404. */
export async function requireDocument({ db }: Deps, caller: OrgCaller, id: number) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.organizationId, caller.organizationId)))
  if (!row) throw notFound('Document not found.')
  return row
}
