/** Spec §2 "Meetings": the status labels and the filter's options, in its order. */
export const STATUS_LABELS = { processed: 'Completed', processing: 'Processing', scheduled: 'Scheduled' } as const

export const STATUS_FILTERS = [
  { value: '', label: 'All Meetings' },
  { value: 'processed', label: 'Completed' },
  { value: 'processing', label: 'Processing' },
  { value: 'scheduled', label: 'Scheduled' },
] as const

/** mm:ss, or h:mm:ss past the hour (spec §2: the transcript's timestamps). */
export function clock(seconds: number) {
  const whole = Math.floor(seconds)
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60]
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
  return h ? `${h}:${mmss}` : mmss
}

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
