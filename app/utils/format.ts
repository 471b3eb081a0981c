import { dayIn } from '#shared/time-zones'

/** The first letter shown in avatars: uppercased, 'U' when there is nothing to show. */
export const initialOf = (text: string | null | undefined) => (text?.trim()[0] ?? 'U').toUpperCase()

export const plural = (count: number, singular: string, pluralForm = `${singular}s`) =>
  `${count} ${count === 1 ? singular : pluralForm}`

// Formatters are made once per zone: building one costs more than a page's worth of formatting with it.
const dateTimes = new Map<string, Intl.DateTimeFormat>()

function dateTimeIn(zone: string) {
  let made = dateTimes.get(zone)
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: zone,
    })
    dateTimes.set(zone, made)
  }
  return made
}

/** Dates in the US style the spec asks for, on the calendar of `zone` (the user's; see useDates), as exports write them. */
export const formatDate = (iso: string | null | undefined, zone: string) => (iso ? dayIn(iso, zone) : 'N/A')

/** Date and time in `zone`, naming the zone ("Nov 28, 2026, 9:30 AM GMT+1"). */
export const formatDateTime = (iso: string | null | undefined, zone: string) =>
  iso ? dateTimeIn(zone).format(new Date(iso)) : 'N/A'

/** The name to show for a person: full name, else username, else e-mail. */
export function displayName(person: { first_name?: string; last_name?: string; username?: string; email: string }) {
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ')
  return full || person.username || person.email
}
