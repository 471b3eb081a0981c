import { useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import type { PlanPayload as Plan, TaskPayload as Task } from '#api/readiness/actions/contract'
import { AppLink } from '~/components/app-link'
import { dateDefault, DateField } from '~/components/date-field'
import { ErrorList, Field, formControls, TextareaField, textareaProps, textInputProps } from '~/components/forms'
import { MemberField } from '~/components/member-field'

import { EditTaskSchema, type LastSubmission } from './schemas'

const CONSTRAINT = getZodConstraint(EditTaskSchema)

/** The next steps a task's status offers: open → start or finish; started → finish; done → reopen. */
const STEPS: Record<Task['status'], Array<{ status: Task['status']; label: string }>> = {
  open: [
    { status: 'in_progress', label: 'Start' },
    { status: 'done', label: 'Mark done' },
  ],
  in_progress: [{ status: 'done', label: 'Mark done' }],
  done: [{ status: 'open', label: 'Reopen' }],
}

export function StatusButtons({ task }: { task: Task }) {
  return (
    <Form method="post" className="task-status-form">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={task.id} />
      {STEPS[task.status].map((step) => (
        <button key={step.status} type="submit" name="status" value={step.status} className="button button-small">
          {step.label}
          <span className="visually-hidden"> “{task.title}”</span>
        </button>
      ))}
    </Form>
  )
}

/** The task's words, owner, due date and note, folded under "Edit" so the plan reads as a list. */
export function EditTaskForm({
  task,
  members,
  last,
}: {
  task: Task
  members: Plan['members']
  last: LastSubmission | undefined
}) {
  const formId = `edit-task-${task.id}`
  const [form, fields] = useForm({
    id: formId,
    lastResult: last?.intent === 'edit' ? last.result : undefined,
    defaultValue: {
      id: String(task.id),
      title: task.title,
      owner: task.owner ? String(task.owner.id) : '',
      due_date: dateDefault(task.due_date),
      note: task.note,
    },
    constraint: CONSTRAINT,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EditTaskSchema }),
  })
  const controls = formControls(formId, form, fields, CONSTRAINT)
  const [id, title, note] = [controls.field('id'), controls.field('title'), controls.field('note')]
  const failed = last?.intent === 'edit' && last.result.status === 'error'
  return (
    <details className="task-edit" open={failed || undefined}>
      <summary>
        Edit<span className="visually-hidden"> “{task.title}”</span>
      </summary>
      <Form method="post" {...controls.props} className="form task-form">
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" {...id.props} defaultValue={id.value} />
        <ErrorList id={controls.errorId} errors={controls.errors} />
        <Field label="Task" inputProps={textInputProps(title)} errors={title.errors} />
        <MemberField label="Owner" control={controls.field('owner')} members={members} />
        <DateField label="Due date" control={controls.field('due_date')} />
        <TextareaField label="Note" textareaProps={{ ...textareaProps(note), rows: 3 }} errors={note.errors} />
        <button type="submit" className="button-primary">
          Save<span className="visually-hidden"> “{task.title}”</span>
        </button>
      </Form>
    </details>
  )
}

/**
 * Removing asks first, without JavaScript too: "Remove" opens the confirm step (`?remove=<id>`), whose
 * button removes and whose "Keep it" goes back.
 */
export function RemoveTask({ task, confirming }: { task: Task; confirming: boolean }) {
  if (!confirming)
    return (
      <AppLink to={`/actions?remove=${task.id}#task-${task.id}`} className="button button-small button-danger-outline">
        Remove<span className="visually-hidden"> “{task.title}”</span>
      </AppLink>
    )
  return (
    <Form method="post" className="task-remove-confirm" aria-labelledby={`remove-${task.id}-question`}>
      <p id={`remove-${task.id}-question`}>
        <strong>Remove “{task.title}” from the plan?</strong>
        {task.origin === 'manual' ? ' It cannot be brought back.' : ' Its source offers it again as a suggestion.'}
      </p>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={task.id} />
      <button type="submit" className="button button-danger">
        Remove the task
      </button>{' '}
      <AppLink to={`/actions#task-${task.id}`} className="button">
        Keep it
      </AppLink>
    </Form>
  )
}
