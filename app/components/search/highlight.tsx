import { Fragment } from 'react'

import type { Segment } from '~/utils/highlight'

/**
 * A text's segments, the query's words wrapped in <mark>. Everything is rendered as React text nodes,
 * so a passage or a query holding markup shows it as text; never switch this to
 * dangerouslySetInnerHTML.
 */
export function Highlight({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
      )}
    </>
  )
}
