import { cellHref } from '#shared/cells'
import { moneyFigure } from '#shared/figures'
import { useDates } from '~/components/use-dates'
import type { ValueGapSource } from '~/services/value-gap.server'

/** Where a cited figure leads: the document at its cell, else at its passage, as chat's citations do. */
export function sourceHref(source: Extract<ValueGapSource, { kind: 'document' }>) {
  if (source.chunk_id === null) return `/documents/${source.document_id}`
  if (source.cell) return cellHref({ document_id: source.document_id, chunk_id: source.chunk_id, ...source.cell })
  return `/documents/${source.document_id}?chunk=${source.chunk_id}#passage-${source.chunk_id}`
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

/** A calendar day as written, never moved by a time zone: "2028-06-30" is June 30, 2028 everywhere. */
export const calendarDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  })

/** An input's figure as the page shows it: money grouped, rates with %, multiples with ×, a day in words. */
export function shownValue(key: string, value: string) {
  if (key === 'target_date') return calendarDay(value)
  if (key.endsWith('_percent')) return `${value}%`
  if (key.startsWith('multiple_')) return `${value}×`
  return moneyFigure(value)
}
