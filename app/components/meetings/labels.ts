/** Spec §2 "Meetings": the status labels and the filter's options, in its order. */
export const STATUS_LABELS = { processed: 'Completed', processing: 'Processing', scheduled: 'Scheduled' } as const

export const STATUS_FILTERS = [
  { value: '', label: 'All Meetings' },
  { value: 'processed', label: 'Completed' },
  { value: 'processing', label: 'Processing' },
  { value: 'scheduled', label: 'Scheduled' },
] as const

/** Spec §3 "Participant" roles as people read them. */
export const ROLE_LABELS: Record<string, string> = {
  client: 'Client',
  'client-cfo': 'Client CFO',
  'client-family': 'Client family',
  advisor: 'Advisor',
  valuator: 'Valuator',
  'tax-advisor': 'Tax advisor',
  'legal-advisor': 'Legal advisor',
  participant: 'Participant',
}
