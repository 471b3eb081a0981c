import { describe, expect, it } from 'vitest'

import { calendarDay, isCalendarDay } from '../../shared/calendar'

describe('calendar days', () => {
  it('takes only a real day written YYYY-MM-DD', () => {
    for (const day of ['2026-11-28', '2028-02-29', '1900-01-01']) expect(isCalendarDay(day), day).toBe(true)
    for (const value of [
      '2026-02-30',
      '2027-02-29',
      '2026-13-45',
      '2026-1-5',
      '28/11/2026',
      '',
      ' 2026-11-28',
      20261128,
      null,
    ])
      expect(isCalendarDay(value), String(value)).toBe(false)
  })

  it('writes a day as it is written, in any zone the process runs in', () => {
    expect(calendarDay('2028-06-30')).toBe('Jun 30, 2028')
    expect(calendarDay('2026-01-01')).toBe('Jan 1, 2026')
  })
})
