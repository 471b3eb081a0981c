import { and, eq } from 'drizzle-orm'
import type { Deps, OrgCaller } from '../context'
import { documents } from '../db/schema'
import { notFound } from '../http-error'

/** A positive whole number from the path, else 404 (an id that cannot exist is not found). */
export function documentId(raw: string) {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound('Document not found.')
  return id
}

/** The document if it belongs to the caller's organization; any other id answers 404. */
export async function requireDocument({ db }: Deps, caller: OrgCaller, id: number) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.organizationId, caller.organizationId)))
  if (!row) throw notFound('Document not found.')
  return row
}
