import { sql } from 'drizzle-orm'

import type { CellPosition } from '../../shared/cells'
import { splitRow } from '../../shared/table-lines'
import { parseTables } from '../ai/tables/table'
import { intArray, rowsOf, textArray } from '../db/sql-values'
import type { Deps } from '../kernel/context'
import type { StoredFact } from './organization-facts'

/** What is linked to its passage: a fact or a term, by its document and quote. */
type Linked = Pick<StoredFact, 'documentId' | 'kind' | 'source'>

/** Where a cited fact is shown: the passage (chunk) holding its row or sentence, and its cell there. */
export interface FactLink {
  chunkId: number
  /** The passage's text, for what stands beside the fact (a deadline in the next sentence). */
  passage: string
  /** The cell as chat's citations name it (shared/cells.ts); null for prose or a table the reader turned. */
  cell: CellPosition | null
  /** The cell's column header as written, when the cell is found. */
  columnLabel: string | null
}

/**
 * Links each fact to the passage that holds its quote, in one statement for them all: a page's
 * facts carry their page's row and sentence, and the document view shows passages and their cells.
 * A fact whose quote no passage holds whole (one cut for length) has no link; its page still names it.
 */
export async function linkFacts<F extends Linked>(
  { db }: Pick<Deps, 'db'>,
  organizationId: number,
  facts: F[],
): Promise<Map<F, FactLink>> {
  const links = new Map<F, FactLink>()
  if (facts.length === 0) return links
  const rows = rowsOf(
    await db.execute(sql`
      select distinct on (q.i) q.i::int as i, c.id, c.text
      from unnest(${intArray(facts.map((fact) => fact.documentId))}, ${textArray(facts.map((fact) => spaced(fact.source.quote)))})
        with ordinality as q(document_id, quote, i)
      join document_chunks c
        on c.organization_id = ${organizationId} and c.document_id = q.document_id
        and strpos(regexp_replace(c.text, '[[:space:]]+', ' ', 'g'), q.quote) > 0
      order by q.i, c.chunk_index`),
  )
  for (const row of rows) {
    const fact = facts[Number(row.i) - 1]!
    const passage = String(row.text)
    const found = fact.kind === 'cell' ? cellIn(passage, fact) : null
    links.set(fact, { chunkId: Number(row.id), passage, cell: found?.cell ?? null, columnLabel: found?.label ?? null })
  }
  return links
}

// A sentence a PDF wraps over lines is one line in its quote: both are compared with single spaces.
const spaced = (text: string) => text.replace(/\s+/g, ' ')

/** The fact's cell among the passage's tables: the table holding its row as written, in the document's layout. */
function cellIn(passage: string, fact: Linked) {
  const cells = JSON.stringify(splitRow(fact.source.quote))
  const column = fact.source.column
  if (column === null) return null
  const tables = parseTables(passage)
  for (let table = 0; table < tables.length; table++) {
    const { rows, transposed, columns } = tables[table]!
    if (transposed) continue
    const row = rows.findIndex((cellsOfRow) => JSON.stringify(cellsOfRow) === cells)
    if (row >= 0 && column < rows[row]!.length)
      return { cell: { table, row, column }, label: columns[column]?.label.trim() || null }
  }
  return null
}
