import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from '@remix-run/react'
import { z } from 'zod'

import { ROLE_LABELS, ROLE_NAMES } from '#shared/meetings'
import { ErrorList, Field, SelectField } from '~/components/forms'
import { TimeZoneHelp } from '~/components/time-zone-help'
import { useTimeZone } from '~/components/use-dates'

export const ScheduleSchema = z.object({
  title: z.string({ required_error: 'Meeting title is required' }).trim().min(1, 'Meeting title is required').max(200),
  date: z
    .string({ required_error: 'Date and time are required' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Enter a date and time'),
  duration: z
    .number({ required_error: 'Duration is required', invalid_type_error: 'Duration is a number of minutes' })
    .int('Duration is a whole number of minutes')
    .min(1, 'Duration must be at least 1 minute')
    .max(1440, 'Duration must be at most 1440 minutes'),
  participants: z
    .array(
      z.object({
        name: z.string({ required_error: 'Participant name is required' }).trim().min(1).max(120),
        email: z.string().trim().email('Enter a valid email address').max(254).optional(),
        role: z.enum(ROLE_NAMES).default('participant'),
      }),
    )
    .max(50)
    .optional(),
})

export type ScheduleValue = z.infer<typeof ScheduleSchema>

type ScheduleDefault = {
  title: string
  date: string
  duration: string
  participants: { name: string; email: string; role: string }[]
}

const NEW_PARTICIPANT = { name: '', email: '', role: 'client' }

/** Schedule a meeting: its title, when (in the user's zone, as every date here is shown), how long, and who comes. */
export function ScheduleForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const timeZone = useTimeZone()
  const navigation = useNavigation()
  const [form, fields] = useForm<ScheduleDefault, ScheduleValue>({
    id: 'schedule-form',
    lastResult,
    defaultValue: { title: '', date: '', duration: '60', participants: [NEW_PARTICIPANT] },
    constraint: getZodConstraint(ScheduleSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ScheduleSchema }),
  })
  const participants = fields.participants.getFieldList()
  const saving =
    navigation.state !== 'idle' && navigation.formMethod === 'POST' && !navigation.formData?.has('__intent__')
  return (
    <Form method="post" {...getFormProps(form)} className="form template-form">
      {/* Enter in a field presses the form's first submit button: let that be the save, not a remove. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Schedule Meeting
      </button>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label="Title" inputProps={getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
      <Field
        label={`Date and time (${timeZone.name})`}
        inputProps={getInputProps(fields.date, { type: 'datetime-local' })}
        errors={fields.date.errors}
        help={<TimeZoneHelp {...timeZone} />}
      />
      <Field
        label="Duration (minutes)"
        inputProps={{ ...getInputProps(fields.duration, { type: 'number' }), step: 1 }}
        errors={fields.duration.errors}
      />
      <section aria-labelledby="participants-heading" className="template-form-sections">
        <h2 id="participants-heading">Participants</h2>
        {participants.map((participant, index) => {
          const person = participant.getFieldset()
          return (
            <fieldset key={participant.key} className="template-form-section card">
              <legend>Participant {index + 1}</legend>
              <Field
                label="Name"
                inputProps={getInputProps(person.name, { type: 'text' })}
                errors={person.name.errors}
              />
              <Field
                label="Email (optional)"
                inputProps={getInputProps(person.email, { type: 'email' })}
                errors={person.email.errors}
              />
              <SelectField label="Role" selectProps={getSelectProps(person.role)} errors={person.role.errors}>
                {ROLE_NAMES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </SelectField>
              <button
                {...form.remove.getButtonProps({ name: fields.participants.name, index })}
                className="button button-small button-danger-outline"
              >
                Remove participant {index + 1}
              </button>
            </fieldset>
          )
        })}
        <button
          {...form.insert.getButtonProps({ name: fields.participants.name, defaultValue: NEW_PARTICIPANT })}
          className="button"
        >
          Add participant
        </button>
      </section>
      <div className="form-actions">
        <Link to="/transcriptions" className="button">
          Cancel
        </Link>
        <button type="submit" className="button-primary" disabled={saving}>
          {saving ? 'Scheduling...' : 'Schedule Meeting'}
        </button>
      </div>
    </Form>
  )
}
