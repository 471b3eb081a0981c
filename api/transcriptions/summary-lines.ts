import { clock, type Segment, type SummaryPoint, summaryPoints } from '../../shared/meetings'

/**
 * A summary as lines of notes, each with the speaker and time of the turn it comes from: "…
 * (Sam Whitaker, 01:08)", as the meeting page shows it. A summary stored before its points had
 * turns is its lines.
 */
export function summaryLines({
  summary,
  summaryPoints: points,
  segments,
}: {
  summary: string
  summaryPoints: SummaryPoint[]
  segments: Array<Pick<Segment, 'id' | 'speaker' | 'startTime'>>
}) {
  if (!points.length) return summaryPoints(summary)
  const turns = new Map(segments.map((segment) => [segment.id, segment]))
  return points.map((point) => {
    const turn = point.turn === null ? undefined : turns.get(point.turn)
    return turn ? `${point.text} (${turn.speaker}, ${clock(turn.startTime)})` : point.text
  })
}
