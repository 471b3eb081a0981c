import { describe, expect, it } from 'vitest'

import { calendarDay, isCalendarDay, readTypedDay, typedDay } from '../../shared/calendar'

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

  it('reads a date as people type it, US style first, into the day it names', () => {
    for (const [typed, day] of [
      ['03/15/2027', '2027-03-15'],
      ['3/5/2027', '2027-03-05'],
      ['12-15-2026', '2026-12-15'],
      [' 2028-02-29 ', '2028-02-29'],
      ['2026/11/28', '2026-11-28'],
      ['Mar 15, 2027', '2027-03-15'],
      ['Sept. 1 2027', '2027-09-01'],
      ['december 15th, 2026', '2026-12-15'],
      ['15 March 2027', '2027-03-15'],
    ])
      expect(readTypedDay(typed!), typed).toEqual({ day })
  })

  it('says why a typed date names no day, so the field can say it', () => {
    const notADate = { problem: 'Enter a date as MM/DD/YYYY, e.g. 03/15/2027' }
    expect(readTypedDay('02/30/2026')).toEqual({ problem: 'Enter a real date: February 2026 has 28 days' })
    expect(readTypedDay('02/29/2027')).toEqual({ problem: 'Enter a real date: February 2027 has 28 days' })
    expect(readTypedDay('04/31/2027')).toEqual({ problem: 'Enter a real date: April 2027 has 30 days' })
    expect(readTypedDay('01/00/2027')).toEqual({ problem: 'Enter a real date: January 2027 has 31 days' })
    expect(readTypedDay('1899-12-31')).toEqual({ problem: 'Enter a date between the years 1900 and 9999' })
    for (const typed of ['15/03/2027', '3/15/27', 'next Friday', 'Ma 15, 2027', '20270315', '', '2027-03-15T10:00'])
      expect(readTypedDay(typed), typed).toEqual(notADate)
  })

  it('shows a day to be edited as it is typed, and reads it back unchanged', () => {
    expect(typedDay('2027-03-05')).toBe('03/05/2027')
    expect(readTypedDay(typedDay('2026-12-15'))).toEqual({ day: '2026-12-15' })
  })
})
