import type { ValueGapSourcePayload as ValueGapSource } from '#api/readiness/value-gap/contract'
import { cellHref, passageHref } from '#shared/cells'
import { useDates } from '~/components/use-dates'

/** Where a cited figure leads: the document at its cell, else at its passage, as chat's citations do, else at its page. */
export function sourceHref(source: Extract<ValueGapSource, { kind: 'document' }>) {
  if (source.chunk_id === null)
    return `/documents/${source.document_id}${source.page === null ? '' : `?tab=preview&page=${source.page}`}`
  if (source.cell) return cellHref({ document_id: source.document_id, chunk_id: source.chunk_id, ...source.cell })
  return passageHref(source.document_id, source.chunk_id)
}

/** A source as a reader is told it: the document linked with the place and its words, or who entered it when. */
export function SourceText({ source }: { source: ValueGapSource }) {
  const { formatDate } = useDates()
  if (source.kind === 'entered')
    return (
      <>
        entered by {source.by} on {formatDate(source.at)}
      </>
    )
  return (
    <>
      <a href={sourceHref(source)}>{source.title}</a>
      {source.location === 'text' ? '' : `, ${source.location}`}: <q>{source.quote}</q>
    </>
  )
}
