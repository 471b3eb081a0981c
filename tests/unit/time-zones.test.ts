import { describe, expect, it } from 'vitest'

import { reportDate } from '../../api/exports/report'
import { emailConfirmationMail } from '../../api/users/mail'
import { canonicalTimeZone, dayIn, timeZoneNames, utcToZonedInput, zonedInputToUtc } from '../../shared/time-zones'

describe('time zones', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(canonicalTimeZone('Europe/Amsterdam')).toBe('Europe/Amsterdam')
    expect(canonicalTimeZone('UTC')).toBe('UTC')
    expect(canonicalTimeZone('europe/amsterdam')).toBe('Europe/Amsterdam')
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull()
    expect(canonicalTimeZone('Europe/Amsterdam; drop table')).toBeNull()
    expect(canonicalTimeZone(`${'A/'.repeat(40)}B`)).toBeNull()
    expect(canonicalTimeZone('')).toBeNull()
    expect(canonicalTimeZone(null)).toBeNull()
  })

  it('offers UTC and the zones Intl knows', () => {
    const names = timeZoneNames()
    expect(names).toContain('UTC')
    expect(names).toContain('America/New_York')
    expect(names.every((name) => canonicalTimeZone(name) !== null)).toBe(true)
  })

  it('reads a form time in the zone it was typed in, across daylight saving', () => {
    expect(zonedInputToUtc('2026-11-28T09:30', 'UTC')?.toISOString()).toBe('2026-11-28T09:30:00.000Z')
    expect(zonedInputToUtc('2026-11-28T09:30', 'Europe/Amsterdam')?.toISOString()).toBe('2026-11-28T08:30:00.000Z')
    expect(zonedInputToUtc('2026-07-01T09:30', 'Europe/Amsterdam')?.toISOString()).toBe('2026-07-01T07:30:00.000Z')
    expect(zonedInputToUtc('2026-07-01T09:30', 'America/Los_Angeles')?.toISOString()).toBe('2026-07-01T16:30:00.000Z')
    expect(zonedInputToUtc('2026-11-28T09:30', 'Asia/Kolkata')?.toISOString()).toBe('2026-11-28T04:00:00.000Z')
    // 2:30 on the morning the clocks go forward does not exist: it reads as 3:30 summer time.
    expect(zonedInputToUtc('2026-03-29T02:30', 'Europe/Amsterdam')?.toISOString()).toBe('2026-03-29T01:30:00.000Z')
  })

  it('refuses what is not a date and time', () => {
    expect(zonedInputToUtc('2026-02-30T09:30', 'UTC')).toBeNull()
    expect(zonedInputToUtc('tomorrow', 'UTC')).toBeNull()
    expect(zonedInputToUtc('2026-11-28T9:30', 'UTC')).toBeNull()
  })

  it("writes an instant's day on the zone's calendar, in the one style of the app and its exports", () => {
    const lateInLosAngeles = new Date('2026-11-29T05:30:00Z')
    expect(dayIn(lateInLosAngeles, 'America/Los_Angeles')).toBe('Nov 28, 2026')
    expect(dayIn('2026-11-29T05:30:00Z', 'UTC')).toBe('Nov 29, 2026')
    // A report's cover as its entries' dates: one day, one style (issue 47, item 16).
    expect(reportDate({ date: lateInLosAngeles, timeZone: 'America/Los_Angeles' })).toBe('Nov 28, 2026')
    expect(reportDate({ date: lateInLosAngeles })).toBe('Nov 29, 2026')
  })

  it('fills a form with the time as the zone reads it', () => {
    expect(utcToZonedInput('2026-11-28T08:30:00Z', 'Europe/Amsterdam')).toBe('2026-11-28T09:30')
    expect(utcToZonedInput('2026-07-01T16:30:00Z', 'America/Los_Angeles')).toBe('2026-07-01T09:30')
    expect(utcToZonedInput('2026-11-28T09:30:00Z', 'UTC')).toBe('2026-11-28T09:30')
  })

  it("writes a link's expiry in the account's zone, naming it, else in UTC", () => {
    const mail = (timeZone: string | null) =>
      emailConfirmationMail({
        to: 'new@example.com',
        username: 'owner',
        link: 'https://app.example/confirm-email/t',
        expiresAt: new Date('2026-11-28T20:00:00Z'),
        timeZone,
      }).text
    expect(mail(null)).toContain('The link works until November 28, 2026 at 8:00 PM UTC.')
    expect(mail('Pacific/Auckland')).toContain('The link works until November 29, 2026 at 9:00 AM GMT+13.')
  })
})
