import { describe, expect, it } from 'vitest'

import { relativeTime } from '../../app/utils/documents'
import { displayName, formatDate, formatDateTime, initialOf, plural } from '../../app/utils/format'

describe('format helpers', () => {
  it('initialOf uppercases the first letter and falls back to U', () => {
    expect(initialOf('alex@example.com')).toBe('A')
    expect(initialOf('  ')).toBe('U')
    expect(initialOf(null)).toBe('U')
  })

  it('plural picks singular for exactly one', () => {
    expect(plural(1, 'member')).toBe('1 member')
    expect(plural(0, 'member')).toBe('0 members')
    expect(plural(2, 'person', 'people')).toBe('2 people')
  })

  it('formatDate answers N/A without a date and reads the calendar of the zone', () => {
    expect(formatDate(null, 'UTC')).toBe('N/A')
    expect(formatDate('2026-03-05T23:30:00Z', 'UTC')).toBe('Mar 5, 2026')
    expect(formatDate('2026-03-05T23:30:00Z', 'Europe/Amsterdam')).toBe('Mar 6, 2026')
    expect(formatDate('2026-03-05T23:30:00Z', 'America/Los_Angeles')).toBe('Mar 5, 2026')
  })

  it('formatDateTime names the zone it reads the time in', () => {
    expect(formatDateTime('2026-07-01T12:00:00Z', 'UTC')).toBe('Jul 1, 2026, 12:00 PM UTC')
    expect(formatDateTime('2026-07-01T12:00:00Z', 'America/New_York')).toBe('Jul 1, 2026, 8:00 AM EDT')
    expect(formatDateTime('2026-12-01T12:00:00Z', 'America/New_York')).toBe('Dec 1, 2026, 7:00 AM EST')
  })

  it('displayName prefers the full name, then username, then e-mail', () => {
    expect(displayName({ first_name: 'Alex', last_name: 'Morgan', username: 'admin', email: 'a@x' })).toBe(
      'Alex Morgan',
    )
    expect(displayName({ first_name: '', last_name: '', username: 'admin', email: 'a@x' })).toBe('admin')
    expect(displayName({ email: 'a@x' })).toBe('a@x')
  })
})

describe('relativeTime', () => {
  const now = Date.parse('2026-06-15T12:00:00Z')
  const ago = (seconds: number) => relativeTime(new Date(now - seconds * 1000).toISOString(), now)

  it('says how long ago in the largest whole unit, the same each time it is asked', () => {
    expect(ago(30)).toBe('just now')
    expect(ago(3 * 3600)).toBe('3 hours ago')
    expect(ago(3 * 3600)).toBe('3 hours ago')
    expect(ago(24 * 3600)).toBe('yesterday')
    expect(ago(-2 * 24 * 3600)).toBe('in 2 days')
    expect(ago(2 * 365 * 24 * 3600)).toBe('2 years ago')
  })

  it('stays right past the number of phrases it keeps', () => {
    for (let years = 1; years <= 1500; years++) ago(years * 365 * 24 * 3600)
    expect(ago(1499 * 365 * 24 * 3600)).toBe('1,499 years ago')
    expect(ago(5 * 60)).toBe('5 minutes ago')
  })
})
