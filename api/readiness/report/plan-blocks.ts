import { calendarDay } from '../../../shared/calendar'
import { TASK_ORIGIN_NAMES, TASK_STATUS_LABELS } from '../../../shared/readiness'
import { type Block, paragraph } from '../../exports/report'
import type { PlanPayload } from '../actions/contract'

type Task = PlanPayload['unscheduled'][number]

/** The action plan by 90-day sprint: each task with its owner, due date, status and where it came from. */
export function planBlocks(plan: PlanPayload): Block[] {
  const blocks: Block[] = [{ kind: 'heading', text: 'Action plan' }]
  if (!plan.counts.tasks) return [...blocks, paragraph('The plan has no task yet.')]
  const { counts } = plan
  blocks.push(
    paragraph(
      `${counts.tasks} tasks, ${counts.done} done${counts.overdue ? `, ${counts.overdue} overdue` : ''}. ` +
        `Sprint 1 began ${calendarDay(plan.plan_started!)}, the day the first task was added; each sprint is 90 days.`,
    ),
  )
  const table = (heading: string, tasks: Task[]) => {
    if (tasks.length)
      blocks.push({
        kind: 'table',
        header: [heading, 'Owner', 'Due', 'Status', 'From'],
        rows: tasks.map((task) => [
          task.title,
          task.owner?.name ?? 'Unassigned',
          task.due_date ? `${calendarDay(task.due_date)}${task.overdue ? ' (overdue)' : ''}` : '—',
          TASK_STATUS_LABELS[task.status],
          // A source's label names its kind ("Readiness driver: Customer concentration"); a task
          // added by hand has none.
          task.source.label || TASK_ORIGIN_NAMES[task.origin],
        ]),
      })
  }
  table('Due before the plan began', plan.before_plan)
  for (const sprint of plan.sprints)
    table(
      `Sprint ${sprint.number}: ${calendarDay(sprint.starts)} – ${calendarDay(sprint.ends)}${sprint.current ? ' (now)' : ''}`,
      sprint.tasks,
    )
  table('Not scheduled', plan.unscheduled)
  return blocks
}
