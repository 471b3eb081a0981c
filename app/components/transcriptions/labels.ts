/** Spec §2 "Meetings": the status labels and the filter's options, in its order. */
export const STATUS_LABELS = { processed: 'Completed', processing: 'Processing', scheduled: 'Scheduled' } as const

export const STATUS_FILTERS = [
  { value: '', label: 'All Meetings' },
  { value: 'processed', label: 'Completed' },
  { value: 'processing', label: 'Processing' },
  { value: 'scheduled', label: 'Scheduled' },
] as const
