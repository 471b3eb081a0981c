import { IS_TABLE_LINE, splitRow } from '../../../shared/table-lines'
import type { FactLink } from '../../facts/fact-links'
import type { StoredFact } from '../../facts/organization-facts'
import type { DocumentSource } from './passage-sources'

/* How the readiness pages cite a fact read at ingestion: as they cite a passage's cell or sentence. */

export function placeOf(fact: StoredFact) {
  const { kind, label } = fact.place
  if (kind === 'page') return `page ${fact.source.page}`
  return kind === 'sheet' && label ? `sheet ${label}` : ''
}

/** Where a fact is cited: its document, its page or sheet, its row and column, the cell or sentence as written. */
export function sourceOf(fact: StoredFact, link: FactLink | undefined): DocumentSource {
  const row = IS_TABLE_LINE.test(fact.source.quote) ? splitRow(fact.source.quote) : null
  const isCell = fact.kind === 'cell'
  // Without its passage the column is named by the period, or for an entity's share by the share's
  // header, which is its measure ("Share of revenue").
  const column = isCell
    ? (link?.columnLabel ?? fact.period?.label ?? (fact.entity && fact.unit === '%' ? fact.measure : null))
    : null
  const location = [
    placeOf(fact),
    isCell && `row "${row?.[0] ?? fact.entity ?? fact.measure}"`,
    column && `column "${column}"`,
  ]
    .filter(Boolean)
    .join(', ')
  return {
    kind: 'document',
    documentId: fact.documentId,
    title: fact.title,
    location: location || 'text',
    quote:
      isCell && row && fact.source.column !== null ? (row[fact.source.column] ?? fact.source.quote) : fact.source.quote,
    ...(link ? { chunkId: link.chunkId } : { page: fact.source.page }),
    ...(link?.cell ? { cell: link.cell } : {}),
  }
}

export const withoutCell = ({ cell: _cell, ...source }: DocumentSource): DocumentSource => source
