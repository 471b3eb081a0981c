import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { formControls, selectProps, textareaProps, textInputProps } from '~/components/forms'

const Schema = z.object({
  title: z.string({ required_error: 'Say what' }).max(200),
  owner: z.coerce.number().int().positive().optional(),
  note: z.string().max(2000).optional(),
})
const CONSTRAINT = getZodConstraint(Schema)
const FORM_ID = 'task'

const withoutFrame = (props: object) =>
  Object.fromEntries(Object.entries(props).filter(([name]) => name !== 'form' && !name.startsWith('aria-')))

/** What Conform's helpers and `formControls` give for the same form, read in one server render. */
function readBoth(lastResult?: SubmissionResult<string[]>) {
  const read: Record<string, unknown> = {}
  function Probe() {
    const [form, fields] = useForm({
      id: FORM_ID,
      lastResult,
      defaultValue: { title: 'Send the accounts', owner: '4', note: '' },
      constraint: CONSTRAINT,
    })
    const controls = formControls(FORM_ID, form, fields, CONSTRAINT)
    const { onSubmit: conformSubmit, ...conformForm } = getFormProps(form)
    const { onSubmit: ourSubmit, ...ourForm } = controls.props
    Object.assign(read, {
      conform: {
        form: conformForm,
        submit: conformSubmit,
        formErrors: form.errors,
        formErrorId: form.errorId,
        // `form` names the form a field is in, which the fields need not say from inside it; the
        // frames (`Field`, …) set the aria attributes from the errors.
        title: withoutFrame(getInputProps(fields.title, { type: 'text' })),
        owner: withoutFrame(getSelectProps(fields.owner)),
        note: withoutFrame(getTextareaProps(fields.note)),
        errors: [fields.title.errors, fields.owner.errors, fields.note.errors],
        errorIds: [fields.title.errorId, fields.owner.errorId, fields.note.errorId],
      },
      ours: {
        form: Object.fromEntries(Object.entries(ourForm).filter(([, value]) => value !== undefined)),
        submit: ourSubmit,
        formErrors: controls.errors,
        formErrorId: controls.errorId,
        title: textInputProps(controls.field('title')),
        owner: selectProps(controls.field('owner')),
        note: textareaProps(controls.field('note')),
        errors: ['title', 'owner', 'note'].map((name) => controls.field(name as 'title').errors),
        errorIds: ['title', 'owner', 'note'].map((name) => controls.field(name as 'title').errorId),
      },
    })
    return null
  }
  renderToString(createElement(Probe))
  const defined = (value: unknown) =>
    JSON.parse(JSON.stringify(value, (_, inner: unknown) => (typeof inner === 'function' ? 'handler' : inner)))
  return { conform: defined(read.conform), ours: defined(read.ours), submits: read }
}

describe('formControls', () => {
  it("gives the attributes Conform's helpers give, from two reads a field", () => {
    const { conform, ours } = readBoth()
    expect(ours).toEqual(conform)
    expect(ours.title).toMatchObject({ id: 'task-title', name: 'title', required: true, maxLength: 200 })
    expect(ours.title.defaultValue).toBe('Send the accounts')
    expect(ours.owner.defaultValue).toBe('4')
  })

  it("shows a refusal's errors and the values sent back with it, as Conform does", () => {
    const refused: SubmissionResult<string[]> = {
      status: 'error',
      initialValue: { title: '', owner: '4', note: 'Too long?' },
      error: { '': ['The plan is full.'], title: ['Say what'] },
    }
    const { conform, ours } = readBoth(refused)
    expect(ours).toEqual(conform)
    expect(ours.form['aria-describedby']).toBe('task-error')
    expect(ours.formErrors).toEqual(['The plan is full.'])
    expect(ours.errors[0]).toEqual(['Say what'])
    expect(ours.errorIds[0]).toBe('task-title-error')
    expect(ours.note.defaultValue).toBe('Too long?')
  })

  it("submits through Conform's own handler", () => {
    const { submits } = readBoth()
    const read = submits as unknown as Record<'conform' | 'ours', { submit: unknown }>
    expect(read.ours.submit).toBe(read.conform.submit)
  })
})
