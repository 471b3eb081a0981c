import { type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import { CHECKLIST_SECTIONS } from '#shared/checklist'
import { ErrorList, Field, formControls, SelectField, selectProps, textInputProps } from '~/components/forms'

import { AddItemSchema } from './schemas'

const FORM_ID = 'add-checklist-item'
const CONSTRAINT = getZodConstraint(AddItemSchema)

/** An item of the advisor's own, beyond the standard list: found by its words in document titles. */
export function AddItemForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    defaultValue: { title: '', section: '' },
    constraint: CONSTRAINT,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddItemSchema }),
  })
  const controls = formControls(FORM_ID, form, fields, CONSTRAINT)
  const [title, section] = [controls.field('title'), controls.field('section')]
  return (
    <section aria-labelledby="add-item-heading" className="checklist-add card">
      <h3 id="add-item-heading">Add an item</h3>
      <Form method="post" {...controls.props} className="form checklist-form">
        <input type="hidden" name="intent" value="add-item" />
        <ErrorList id={controls.errorId} errors={controls.errors} />
        <Field
          label="What the buyer asks for"
          inputProps={textInputProps(title)}
          errors={title.errors}
          help="A document whose title says these words is matched to it."
        />
        <SelectField label="Section" selectProps={selectProps(section)} errors={section.errors}>
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
