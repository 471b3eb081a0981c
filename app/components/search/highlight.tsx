import { Fragment, useMemo } from 'react'

import { highlightSegments } from '~/utils/highlight'

/**
 * A text with the query's words wrapped in <mark>. Everything is rendered as React text nodes, so a
 * passage or a query holding markup shows it as text; never switch this to dangerouslySetInnerHTML.
 */
export function Highlight({ text, query }: { text: string; query: string }) {
  const segments = useMemo(() => highlightSegments(text, query), [text, query])
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
      )}
    </>
  )
}
