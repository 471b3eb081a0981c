import { SPRINT_DAYS } from '../../../shared/actions'

/*
 * The plan's 90-day sprints (decision 044). Sprint 1 starts on the day the organization's first
 * task was added, on the reader's calendar, and each sprint is 90 days: Sprint n runs from start +
 * 90(n-1) days to the day before the next starts. A task belongs to the sprint its due date falls
 * in; a task due before the plan began is "Before the plan", one without a due date "Not
 * scheduled". Days are calendar days written YYYY-MM-DD, counted as UTC days once they are read.
 */

const DAY_MS = 24 * 60 * 60 * 1000

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS
const dayOf = (number: number) => utcDay(new Date(number * DAY_MS))

/**
 * The calendar day (UTC) of a moment. Past the year 9999, as the sprint of a task due 9999-12-31
 * ends, ISO 8601's expanded form ("+010000-01-19"), which Date writes and reads back: the first ten
 * characters of it were "+010000-01", shown as January 1.
 */
export const utcDay = (moment: Date) => moment.toISOString().split('T')[0]!

/** `day` moved by `days` (negative goes back). */
export const addDays = (day: string, days: number) => dayOf(dayNumber(day) + days)

export interface Sprint {
  number: number
  starts: string
  ends: string
}

/** The sprint a due date falls in, or null when it is before the plan began. */
export function sprintOf(planStart: string, due: string): Sprint | null {
  const offset = dayNumber(due) - dayNumber(planStart)
  if (offset < 0) return null
  return sprintNumbered(planStart, Math.floor(offset / SPRINT_DAYS) + 1)
}

export function sprintNumbered(planStart: string, number: number): Sprint {
  const starts = addDays(planStart, (number - 1) * SPRINT_DAYS)
  return { number, starts, ends: addDays(starts, SPRINT_DAYS - 1) }
}

export interface Dated {
  due_date: string | null
}

/**
 * Tasks by sprint, in order: each sprint that holds a task, and today's sprint even when empty (the
 * advisor plans into it); then the tasks due before the plan began and those with no due date.
 */
export function groupBySprint<T extends Dated>(planStart: string | null, today: string, tasks: T[]) {
  const sprints = new Map<number, Sprint & { current: boolean; tasks: T[] }>()
  const before: T[] = []
  const unscheduled: T[] = []
  const current = planStart ? sprintOf(planStart, today) : null
  if (current) sprints.set(current.number, { ...current, current: true, tasks: [] })
  for (const task of tasks) {
    if (!task.due_date) {
      unscheduled.push(task)
      continue
    }
    const sprint = planStart ? sprintOf(planStart, task.due_date) : null
    if (!sprint) {
      before.push(task)
      continue
    }
    const group = sprints.get(sprint.number) ?? { ...sprint, current: false, tasks: [] }
    group.tasks.push(task)
    sprints.set(sprint.number, group)
  }
  return { sprints: [...sprints.values()].sort((a, b) => a.number - b.number), before, unscheduled }
}
