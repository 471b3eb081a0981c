import { useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import type { PlanPayload as Plan } from '#api/readiness/actions/contract'
import { DateField } from '~/components/date-field'
import { ErrorList, Field, formControls, TextareaField, textareaProps, textInputProps } from '~/components/forms'
import { MemberField } from '~/components/member-field'

import { AddTaskSchema, type LastSubmission } from './schemas'

const FORM_ID = 'add-task'
const CONSTRAINT = getZodConstraint(AddTaskSchema)

/** A task the advisor writes by hand: what, who and by when. */
export function AddTaskForm({ members, last }: { members: Plan['members']; last: LastSubmission | undefined }) {
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: last?.intent === 'add' ? last.result : undefined,
    defaultValue: { title: '', owner: '', due_date: '', note: '' },
    constraint: CONSTRAINT,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddTaskSchema }),
  })
  const controls = formControls(FORM_ID, form, fields, CONSTRAINT)
  const [title, note] = [controls.field('title'), controls.field('note')]
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
      <Form method="post" {...controls.props} className="form task-form">
        <input type="hidden" name="intent" value="add" />
        <ErrorList id={controls.errorId} errors={controls.errors} />
        <Field label="Task" inputProps={textInputProps(title)} errors={title.errors} />
        <MemberField label="Owner" control={controls.field('owner')} members={members} />
        <DateField label="Due date" control={controls.field('due_date')} />
        <TextareaField label="Note" textareaProps={{ ...textareaProps(note), rows: 2 }} errors={note.errors} />
        <button type="submit" className="button-primary">
          Add the task
        </button>
      </Form>
    </section>
  )
}
