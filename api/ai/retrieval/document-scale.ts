import { sql } from 'drizzle-orm'

import { IS_TABLE_LINE } from '../../../shared/table-lines'
import type { Database } from '../../db/database'
import { intArray, rowsOf, textArray } from '../../db/sql-values'
import { scaleStatementsIn } from '../tables/caption'
import { type Scale, scaleOf } from '../text/scales'
import { SCALE_WORD } from '../text/scales'

// Chunks read for a statement of scale, per answer: a report states it on a few lines at most.
const MAX_CHUNKS = 40

/**
 * The retrieved passages, each of a document holding a table given the scale its document states
 * on a line of its own ("(In thousands)", "Expressed in US $000's"), for a table whose chunk states
 * none: the chunker or the report put that line apart from the table, and retrieval does not find
 * it, since it shares no word with the question. A document is known to its owner by its title, so
 * the chunks of every document so titled in the organization (and the conversation's documents,
 * when it is limited to some) are read, and a scale is given only when all their statements agree.
 */
export async function withDocumentScale<Passage extends { documentTitle: string; text: string }>(
  { db }: { db: Database },
  organizationId: number,
  passages: Passage[],
  documentIds?: number[],
): Promise<Array<Passage & { documentScale?: Scale }>> {
  const titles = [
    ...new Set(
      passages
        .filter((passage) => passage.text.split('\n').some((line) => IS_TABLE_LINE.test(line)))
        .map((p) => p.documentTitle),
    ),
  ]
  if (titles.length === 0) return passages
  const rows = rowsOf(
    await db.execute(sql`
      select d.title, c.text
      from document_chunks c join documents d on d.id = c.document_id and d.organization_id = ${organizationId}
      where c.organization_id = ${organizationId} and d.title = any(${textArray(titles)})
        ${documentIds ? sql`and c.document_id = any(${intArray(documentIds)})` : sql``}
        and c.text ~* ${`${SCALE_WORD}|000`}
      order by c.document_id, c.chunk_index
      limit ${MAX_CHUNKS}`),
  )
  const scales = new Map<string, Set<Scale>>()
  for (const row of rows)
    for (const statement of scaleStatementsIn(String(row.text))) {
      const title = String(row.title)
      scales.set(title, (scales.get(title) ?? new Set()).add(scaleOf(statement)!))
    }
  return passages.map((passage) => {
    const stated = scales.get(passage.documentTitle)
    return stated?.size === 1 ? { ...passage, documentScale: [...stated][0]! } : passage
  })
}
