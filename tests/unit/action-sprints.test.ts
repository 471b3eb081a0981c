import { describe, expect, it } from 'vitest'

import { addDays, groupBySprint, sprintOf } from '../../api/readiness/actions/sprints'
import { calendarDay } from '../../shared/calendar'

describe('90-day sprints from the day the plan began', () => {
  it('puts day 0 to 89 in Sprint 1 and day 90 in Sprint 2, across a leap day and a year end', () => {
    expect(sprintOf('2026-11-28', '2026-11-28')).toEqual({ number: 1, starts: '2026-11-28', ends: '2027-02-25' })
    expect(sprintOf('2026-11-28', '2027-02-25')!.number).toBe(1)
    expect(sprintOf('2026-11-28', '2027-02-26')).toEqual({ number: 2, starts: '2027-02-26', ends: '2027-05-26' })
    expect(sprintOf('2027-12-15', '2028-03-14')).toEqual({ number: 2, starts: '2028-03-14', ends: '2028-06-11' })
    expect(sprintOf('2026-11-28', '2026-11-27')).toBeNull()
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  })

  it('ends the sprint of a task due on the last day a date may have, 9999-12-31, on 19 January 10000', () => {
    const sprint = sprintOf('2026-11-29', '9999-12-31')!
    expect(sprint).toEqual({ number: 32357, starts: '9999-10-22', ends: '+010000-01-19' })
    expect(calendarDay(sprint.ends)).toBe('Jan 19, 10000')
    expect(addDays('9999-12-31', 1)).toBe('+010000-01-01')
  })

  it('groups tasks by sprint in order, keeps the current sprint when empty, and sets apart earlier and undated ones', () => {
    const tasks = [
      { id: 1, due_date: '2027-03-01' },
      { id: 2, due_date: null },
      { id: 3, due_date: '2026-11-01' },
      { id: 4, due_date: '2027-09-01' },
    ]
    const grouped = groupBySprint('2026-11-28', '2026-12-01', tasks)
    expect(
      grouped.sprints.map((sprint) => [sprint.number, sprint.current, sprint.tasks.map((task) => task.id)]),
    ).toEqual([
      [1, true, []],
      [2, false, [1]],
      [4, false, [4]],
    ])
    expect(grouped.before.map((task) => task.id)).toEqual([3])
    expect(grouped.unscheduled.map((task) => task.id)).toEqual([2])
  })

  it('has no sprints before a first task: every dated task is then before the plan', () => {
    expect(groupBySprint(null, '2026-12-01', [{ due_date: '2026-12-05' }])).toEqual({
      sprints: [],
      before: [{ due_date: '2026-12-05' }],
      unscheduled: [],
    })
  })
})
