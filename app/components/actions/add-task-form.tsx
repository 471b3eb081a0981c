import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import type { PlanPayload as Plan } from '#api/readiness/actions/contract'
import { DateField } from '~/components/date-field'
import { ErrorList, Field, TextareaField } from '~/components/forms'
import { MemberField } from '~/components/member-field'

import { AddTaskSchema, type LastSubmission } from './schemas'

/** A task the advisor writes by hand: what, who and by when. */
export function AddTaskForm({ members, last }: { members: Plan['members']; last: LastSubmission | undefined }) {
  const [form, fields] = useForm({
    id: 'add-task',
    lastResult: last?.intent === 'add' ? last.result : undefined,
    defaultValue: { title: '', owner: '', due_date: '', note: '' },
    constraint: getZodConstraint(AddTaskSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddTaskSchema }),
  })
  // A task added goes to the list and the form starts empty for the next one. Without JavaScript the
  // page is drawn anew; with it the form stays mounted, so it is reset once its submission has
  // settled without a refusal (a refusal comes back as this form's last result).
  const navigation = useNavigation()
  const submitted = useRef(false)
  const refused = last?.intent === 'add'
  useEffect(() => {
    if (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add') submitted.current = true
    else if (navigation.state === 'idle' && submitted.current) {
      submitted.current = false
      if (!refused) form.reset()
    }
  }, [navigation.state, navigation.formData, refused, form])
  return (
    <section aria-labelledby="add-task-heading" className="actions-add card">
      <h2 id="add-task-heading">Add a task</h2>
      <Form method="post" {...getFormProps(form)} className="form task-form">
        <input type="hidden" name="intent" value="add" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Task" inputProps={getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
        <MemberField label="Owner" meta={fields.owner} members={members} />
        <DateField label="Due date" meta={fields.due_date} />
        <TextareaField
          label="Note"
          textareaProps={{ ...getTextareaProps(fields.note), rows: 2 }}
          errors={fields.note.errors}
        />
        <button type="submit" className="button-primary">
          Add the task
        </button>
      </Form>
    </section>
  )
}
