import type { PlanPayload as Plan, TaskPayload as Task } from '#api/readiness/actions/contract'
import { calendarDay } from '#shared/calendar'
import { TASK_STATUS_LABELS } from '#shared/readiness'

import type { LastSubmission } from './schemas'
import { EditTaskForm, RemoveTask, StatusButtons } from './task-forms'

/** One task: its status, owner, due date and where it came from; the forms for those who may change it. */
export function TaskCard({
  task,
  members,
  canEdit,
  confirmRemove,
  last,
}: {
  task: Task
  members: Plan['members']
  canEdit: boolean
  confirmRemove: boolean
  last: LastSubmission | undefined
}) {
  return (
    <li id={`task-${task.id}`} className={`task card task-${task.status}`}>
      <div className="task-head">
        <h4 className="task-title">{task.title}</h4>
        <span className={`status task-status-${task.status}`}>{TASK_STATUS_LABELS[task.status]}</span>
        {task.overdue ? <span className="status task-overdue">Overdue</span> : null}
      </div>
      <p className="task-facts">
        {task.owner ? `Owner: ${task.owner.name}` : 'No owner'}
        {' · '}
        {task.due_date ? `Due ${calendarDay(task.due_date)}` : 'No due date'}
        {task.source.label ? (
          <>
            {' · From '}
            {task.source.link ? <a href={task.source.link}>{task.source.label}</a> : task.source.label}
          </>
        ) : (
          ' · Added by hand'
        )}
      </p>
      {task.note ? <p className="task-note">{task.note}</p> : null}
      {canEdit ? (
        <div className="task-actions">
          <StatusButtons task={task} />
          <RemoveTask task={task} confirming={confirmRemove} />
          <EditTaskForm task={task} members={members} last={last?.id === String(task.id) ? last : undefined} />
        </div>
      ) : null}
    </li>
  )
}
