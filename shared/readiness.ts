/** The readiness assessment, value gap and action plan (issue 34): the words both tiers use. */

/** One stored answer of an assessment: a score 1–5 with a note, and where it came from. */
export interface StoredAnswer {
  key: string
  score: number
  note: string
  /** A proposal accepted as it stood (its evidence kept, as it read then), or the advisor's own entry. */
  origin: { kind: 'entered' } | { kind: 'proposal'; evidence: string; documentId: number | null }
  by: string
  at: string
}

/** An advisor's entry of a value-gap input: the figure as a decimal string, and who entered it when. */
export interface Entered<T = string> {
  value: T
  by: string
  at: string
}

/**
 * What advisors enter for the value gap. Anything the documents state may also be entered, and an
 * entry then overrides the document's figure; multiples and rates are only ever entered.
 */
export interface ValueGapEntries {
  goalAfterTax?: Entered | null
  targetDate?: Entered | null
  ebitda?: Entered | null
  valuationLow?: Entered | null
  valuationHigh?: Entered | null
  multipleLow?: Entered | null
  multipleMid?: Entered | null
  multipleHigh?: Entered | null
  transactionCostPercent?: Entered | null
  taxPercent?: Entered | null
}

export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  done: 'Done',
}

/** Where a task came from; every kind but `manual` links back to its source. */
export const TASK_ORIGINS = ['manual', 'meeting', 'analysis', 'checklist', 'driver'] as const
export type TaskOrigin = (typeof TASK_ORIGINS)[number]
export const TASK_ORIGIN_NAMES: Record<TaskOrigin, string> = {
  manual: 'Added by hand',
  meeting: 'Meeting action item',
  analysis: 'Analysis recommendation',
  checklist: 'Checklist gap',
  driver: 'Weak readiness driver',
}

/** A change as the API writes it ("+0.5", "-1.0", "0.0") in words: "up 0.5", "down 1.0", "unchanged". */
export function changeWords(display: string) {
  if (display.startsWith('+')) return `up ${display.slice(1)}`
  if (display.startsWith('-')) return `down ${display.slice(1)}`
  return 'unchanged'
}

/** The value driver a question belongs to: its key's first part ("customers.largest-share" → "customers"). */
export const driverOfQuestion = (questionKey: string) => questionKey.split('.', 1)[0]!

/** The assessment's page for one value driver: its questions are answered there (decision 084). */
export const driverPagePath = (driverKey: string) => `/readiness?driver=${encodeURIComponent(driverKey)}`
