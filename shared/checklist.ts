/** The due-diligence checklist (decision 040): the words both tiers use for it. */

export const CHECKLIST_SECTIONS = [
  'Financial',
  'Tax',
  'Customers & sales',
  'Suppliers',
  'Property',
  'People',
  'Legal',
  'IP',
  'Debt',
  'Corporate',
  'Insurance',
  'Operations',
] as const
export type ChecklistSection = (typeof CHECKLIST_SECTIONS)[number]

/** What the matching found for an item; not-applicable items keep theirs but are counted apart. */
export const CHECKLIST_STATUSES = ['present', 'probable', 'stale', 'missing'] as const
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number]

/** Each status as a badge reads: the word carries the meaning, the colour only repeats it. */
export const CHECKLIST_STATUS_LABELS: Record<ChecklistStatus | 'not_applicable', string> = {
  present: 'Present',
  probable: 'Probably present (to confirm)',
  stale: 'Stale (over a year old)',
  missing: 'Missing',
  not_applicable: 'Not applicable',
}

export const MAX_CHECKLIST_TITLE = 200
export const MAX_CHECKLIST_NOTE = 1000
export const MAX_CHECKLIST_REASON = 500
/** Items an advisor may add to an organization's list, beyond the standard ones. */
export const MAX_CUSTOM_ITEMS = 100

/** Custom items are named custom-<n>; standard ones by their lowercase, dashed key. */
export const CHECKLIST_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/
