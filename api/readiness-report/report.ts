import type { ChecklistPayload } from '../checklist/contract'
import type { Report } from '../exports/report'
import { checklistBlocks } from './checklist-blocks'

export interface ReadinessParts {
  organization: string
  date: Date
  checklist: ChecklistPayload
}

/**
 * The readiness report (issue 34 item 5): what the workspace holds, in the order an advisor walks a
 * client through it, each part from the same payload its page shows.
 */
export function readinessReport({ organization, date, checklist }: ReadinessParts): Report {
  return {
    kind: 'Readiness report',
    title: organization,
    organization,
    date,
    details: [`Due-diligence checklist: ${checklist.completeness.text}`],
    blocks: [...checklistBlocks(checklist)],
    references: [],
  }
}
