import { DEFAULT_TIME_ZONE } from '../../../shared/time-zones'
import { gapText } from '../../../shared/value-gap'
import { referenceList, type Report } from '../../exports/report'
import type { PlanPayload } from '../actions/contract'
import type { AssessmentPayload } from '../assessment/contract'
import type { ChecklistPayload } from '../checklist/contract'
import type { ValueGapPayload } from '../value-gap/contract'
import { assessmentBlocks } from './assessment-blocks'
import { checklistBlocks } from './checklist-blocks'
import { planBlocks } from './plan-blocks'
import { valueGapBlocks } from './value-gap-blocks'

export interface ReadinessParts {
  organization: string
  date: Date
  assessment: AssessmentPayload
  valueGap: ValueGapPayload
  checklist: ChecklistPayload
  plan: PlanPayload
  /** The reader's zone, whose calendar the report's dates are on; UTC when not given. */
  timeZone?: string
}

/**
 * The readiness report (issue 34 item 5): what the workspace holds, in the order an advisor walks a
 * client through it, each part from the same payload its page shows, every figure from the files
 * numbered to its source.
 */
export function readinessReport({
  organization,
  date,
  assessment,
  valueGap,
  checklist,
  plan,
  timeZone = DEFAULT_TIME_ZONE,
}: ReadinessParts): Report {
  const references = referenceList()
  const mid = valueGap.result?.scenarios.find((scenario) => scenario.case === 'mid')
  return {
    kind: 'Readiness report',
    title: organization,
    organization,
    date,
    timeZone,
    details: [
      `Readiness: ${assessment.overall.display ? `${assessment.overall.display} of 5` : 'not assessed yet'}`,
      `Value gap: ${mid ? `mid case, ${gapText(mid).toLowerCase()}` : 'not computed yet'}`,
      `Due-diligence checklist: ${checklist.completeness.text}`,
      `Action plan: ${plan.counts.tasks} tasks, ${plan.counts.done} done`,
    ],
    blocks: [
      ...assessmentBlocks(assessment, references, timeZone),
      ...valueGapBlocks(valueGap, references, timeZone),
      ...checklistBlocks(checklist),
      ...planBlocks(plan),
    ],
    references: references.references,
  }
}
