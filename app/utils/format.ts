/** The first letter shown in avatars: uppercased, 'U' when there is nothing to show. */
export const initialOf = (text: string | null | undefined) => (text?.trim()[0] ?? 'U').toUpperCase()

export const plural = (count: number, singular: string, pluralForm = `${singular}s`) =>
  `${count} ${count === 1 ? singular : pluralForm}`

// Formatters are made once per zone: building one costs more than a page's worth of formatting with it.
const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>()

function formatsIn(zone: string) {
  let made = formats.get(zone)
  if (!made) {
    const date = { year: 'numeric', month: 'short', day: 'numeric', timeZone: zone } as const
    made = {
      date: new Intl.DateTimeFormat('en-US', date),
      dateTime: new Intl.DateTimeFormat('en-US', {
        ...date,
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
    }
    formats.set(zone, made)
  }
  return made
}

/** Dates in the US style the spec asks for, on the calendar of `zone` (the user's; see useDates). */
export const formatDate = (iso: string | null | undefined, zone: string) =>
  iso ? formatsIn(zone).date.format(new Date(iso)) : 'N/A'

/** Date and time in `zone`, naming the zone ("Nov 28, 2026, 9:30 AM GMT+1"). */
export const formatDateTime = (iso: string | null | undefined, zone: string) =>
  iso ? formatsIn(zone).dateTime.format(new Date(iso)) : 'N/A'

/** The name to show for a person: full name, else username, else e-mail. */
export function displayName(person: { first_name?: string; last_name?: string; username?: string; email: string }) {
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ')
  return full || person.username || person.email
}
