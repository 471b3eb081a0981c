/** The first letter shown in avatars: uppercased, 'U' when there is nothing to show. */
export const initialOf = (text: string | null | undefined) => (text?.trim()[0] ?? 'U').toUpperCase()

export const plural = (count: number, singular: string, pluralForm = `${singular}s`) =>
  `${count} ${count === 1 ? singular : pluralForm}`

// Formatters are made once: building one costs more than a page's worth of formatting with it.
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

/** Dates in the US style the spec asks for. */
export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : 'N/A')

export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTimeFormat.format(new Date(iso)) : 'N/A')

/** The name to show for a person: full name, else username, else e-mail. */
export function displayName(person: { first_name?: string; last_name?: string; username?: string; email: string }) {
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ')
  return full || person.username || person.email
}
