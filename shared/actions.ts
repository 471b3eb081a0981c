/** The action plan (issue 34 item 4, decision 044): the words and limits both tiers use. */

export const MAX_TASK_TITLE = 500
export const MAX_TASK_NOTE = 2000

/** A sprint is this many days; Sprint 1 starts the day the plan's first task was added. */
export const SPRINT_DAYS = 90

/** The most suggestions offered from each source at once; the rest follow as these are added. */
export const SUGGESTIONS_PER_SOURCE = 20

/**
 * Where the plan's suggestions come from, in the order they are listed (issue 47 item 9): the weak
 * readiness drivers first, as they move a sale most, and the checklist's many requests last.
 */
export const SUGGESTION_SOURCES = [
  { origin: 'driver', heading: 'Weak readiness drivers' },
  { origin: 'meeting', heading: 'Action items from meetings' },
  { origin: 'analysis', heading: 'Recommendations from document analyses' },
  { origin: 'checklist', heading: 'Gaps in the due-diligence checklist' },
] as const

/** Tasks the dashboard lists as due this week (overdue ones included). */
export const DUE_SOON_DAYS = 7
export const DUE_SOON_LIMIT = 5

/** A gathered task's reference: "meeting:12:3", "analysis:45:2", "checklist:leases", "driver:owner". */
export const ORIGIN_REF =
  /^(?:meeting:\d{1,10}:\d{1,4}|analysis:\d{1,10}:\d{1,4}|checklist:[a-z0-9][a-z0-9-]{0,63}|driver:[a-z]{1,32})$/

/** The most tasks one organization's plan holds (a plan of hundreds is a list nobody reads). */
export const MAX_TASKS = 500
