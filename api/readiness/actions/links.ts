import { meetingKey } from '../../../shared/meetings'
import { driverPagePath, type TaskOrigin } from '../../../shared/readiness'

/**
 * Where a task came from, as a link on the pages. An analysis recommendation opens the document's
 * analysis for those who may run analyses (admins, analysts) and the document itself for members,
 * who may not open /analysis; a document since deleted leaves no link.
 */
export function sourceLink(
  origin: TaskOrigin,
  ref: string | null,
  { documentId, canAnalyze }: { documentId: number | null; canAnalyze: boolean },
): string | null {
  const parts = ref?.split(':') ?? []
  switch (origin) {
    case 'meeting':
      return `/transcriptions/${meetingKey(Number(parts[1]))}`
    case 'analysis':
      if (documentId === null) return null
      return canAnalyze ? `/analysis?document=${documentId}&type=recommendations&run=1` : `/documents/${documentId}`
    case 'checklist':
      return `/readiness/checklist#item-${parts[1]}`
    case 'driver':
      return parts[1] ? driverPagePath(parts[1]) : '/readiness'
    default:
      return null
  }
}
