import type { Passage } from '../../ai/retrieval/passage'
import type { CellReference } from '../../ai/tables/compute'
import type { InputSource } from './compute'

/** A figure or sentence of a document, as the readiness pages cite it. */
export type DocumentSource = Extract<InputSource, { kind: 'document' }>

export type Finding<T> = { value: T; reason: null } | { value: null; reason: string }

export function locationOf(passage: Passage, cell?: CellReference) {
  const place = passage.sheetName
    ? `sheet ${passage.sheetName}`
    : passage.pageNumber
      ? `page ${passage.pageNumber}`
      : ''
  const where = cell
    ? [cell.rowLabel && `row "${cell.rowLabel}"`, cell.columnLabel && `column "${cell.columnLabel}"`]
    : []
  return [place, ...where].filter(Boolean).join(', ') || 'text'
}

export function sentenceSource(passage: Passage, sentence: string): DocumentSource {
  return {
    kind: 'document',
    documentId: passage.documentId,
    title: passage.documentTitle,
    location: locationOf(passage),
    quote: sentence,
    chunkId: passage.chunkId,
  }
}
