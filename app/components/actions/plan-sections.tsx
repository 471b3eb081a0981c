import type { PlanPayload as Plan, TaskPayload as Task } from '#api/readiness/actions/contract'
import { calendarDay } from '#shared/calendar'
import { plural } from '~/utils/format'

import type { LastSubmission } from './schemas'
import { TaskCard } from './task-card'

interface Shared {
  plan: Plan
  removing: number | null
  last: LastSubmission | undefined
}

function TaskGroup({
  id,
  heading,
  note,
  tasks,
  plan,
  removing,
  last,
}: Shared & {
  id: string
  heading: string
  note?: string
  tasks: Task[]
}) {
  return (
    <section aria-labelledby={id} className="task-group">
      <h3 id={id}>{heading}</h3>
      {note ? <p className="field-help">{note}</p> : null}
      {tasks.length ? (
        <ul className="task-list">
          {tasks.map((task) => (
            <TaskCard
              key={task.id}
              task={task}
              members={plan.members}
              canEdit={plan.can_edit}
              confirmRemove={removing === task.id}
              last={last}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">No task is due in this sprint yet.</p>
      )}
    </section>
  )
}

/** The plan's tasks: those due before it began (overdue), then by 90-day sprint, then those with no due date. */
export function PlanSections(shared: Shared) {
  const { plan } = shared
  return (
    <section aria-labelledby="plan-heading" className="actions-plan">
      <h2 id="plan-heading">The plan</h2>
      {plan.plan_started ? (
        <p>
          {plural(plan.counts.tasks, 'task')}, {plan.counts.done} done
          {plan.counts.overdue ? `, ${plan.counts.overdue} overdue` : ''}. Sprint 1 began{' '}
          {calendarDay(plan.plan_started)}, the day the first task was added; each sprint is 90 days, and a task belongs
          to the sprint its due date falls in.
        </p>
      ) : (
        <p>The plan is empty. Add the suggested tasks or write one: Sprint 1 begins the day the first task is added.</p>
      )}
      {/* The earliest dates first, as the sprints follow one another. */}
      {plan.before_plan.length ? (
        <TaskGroup {...shared} id="before-plan" heading="Due before the plan began" tasks={plan.before_plan} />
      ) : null}
      {plan.sprints.map((sprint) => (
        <TaskGroup
          key={sprint.number}
          {...shared}
          id={`sprint-${sprint.number}`}
          heading={`Sprint ${sprint.number}: ${calendarDay(sprint.starts)} – ${calendarDay(sprint.ends)}${sprint.current ? ' (now)' : ''}`}
          tasks={sprint.tasks}
        />
      ))}
      {plan.unscheduled.length ? (
        <TaskGroup
          {...shared}
          id="not-scheduled"
          heading="Not scheduled"
          note="No due date yet."
          tasks={plan.unscheduled}
        />
      ) : null}
    </section>
  )
}
