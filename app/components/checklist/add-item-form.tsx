import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import { CHECKLIST_SECTIONS } from '#shared/checklist'
import { ErrorList, Field, SelectField } from '~/components/forms'

import { AddItemSchema } from './schemas'

/** An item of the advisor's own, beyond the standard list: found by its words in document titles. */
export function AddItemForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: 'add-checklist-item',
    lastResult,
    defaultValue: { title: '', section: '' },
    constraint: getZodConstraint(AddItemSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddItemSchema }),
  })
  return (
    <section aria-labelledby="add-item-heading" className="checklist-add card">
      <h3 id="add-item-heading">Add an item</h3>
      <Form method="post" {...getFormProps(form)} className="form checklist-form">
        <input type="hidden" name="intent" value="add-item" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="What the buyer asks for"
          inputProps={getInputProps(fields.title, { type: 'text' })}
          errors={fields.title.errors}
          help="A document whose title says these words is matched to it."
        />
        <SelectField label="Section" selectProps={getSelectProps(fields.section)} errors={fields.section.errors}>
          <option value="">Choose a section</option>
          {CHECKLIST_SECTIONS.map((section) => (
            <option key={section} value={section}>
              {section}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button-primary">
          Add the item
        </button>
      </Form>
    </section>
  )
}
