import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { PHASES, totalMinutes } from '#shared/templates'
import { CheckboxField, ErrorList, Field, SelectField, TextareaField } from '~/components/forms'

import { ADDED_SECTION, type TemplateFormDefault, TemplateFormSchema, type TemplateFormValue } from './template-schema'

type ItemsField = FieldMetadata<string[], TemplateFormDefault>

/**
 * Focus for a control that an add or remove button creates or takes away: with JavaScript the list
 * changes in place, and the keyboard user would otherwise be left on nothing.
 */
function useFocusAfterChange() {
  const pending = useRef<string | null>(null)
  useEffect(() => {
    if (!pending.current) return
    const target = document.getElementById(pending.current) ?? document.getElementsByName(pending.current)[0]
    if (target instanceof HTMLElement) target.focus()
    pending.current = null
  })
  return (idOrName: string) => {
    pending.current = idOrName
  }
}

type Focus = ReturnType<typeof useFocusAfterChange>

/** A list of one-line items (questions, key information) with its add and remove buttons. */
function ItemList({
  form,
  field,
  legend,
  itemLabel,
  addLabel,
  context,
  focus,
}: {
  form: FormMetadata<TemplateFormDefault>
  field: ItemsField
  legend: string
  itemLabel: string
  addLabel: string
  context: string
  focus: Focus
}) {
  const items = field.getFieldList()
  const addId = `${field.id}-add`
  return (
    <fieldset className="item-list">
      <legend>{legend}</legend>
      {items.length === 0 ? <p className="field-help">None yet.</p> : null}
      <ol>
        {items.map((item, index) => (
          <li key={item.key} className="item-row">
            <Field
              label={
                <>
                  {itemLabel} {index + 1}
                  <span className="visually-hidden"> of {context}</span>
                </>
              }
              inputProps={getInputProps(item, { type: 'text' })}
              errors={item.errors}
            />
            <button
              {...form.remove.getButtonProps({ name: field.name, index })}
              className="button button-small"
              onClick={() => focus(addId)}
            >
              Remove<span className="visually-hidden"> {`${itemLabel.toLowerCase()} ${index + 1} of ${context}`}</span>
            </button>
          </li>
        ))}
      </ol>
      <button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: '' })}
        id={addId}
        className="button button-small"
        onClick={() => focus(`${field.name}[${items.length}]`)}
      >
        {addLabel}
        <span className="visually-hidden"> to {context}</span>
      </button>
    </fieldset>
  )
}

/**
 * The create and edit form of a conversation template. Every add and remove is a submit button
 * (Conform's list intents): with JavaScript the lists change in place, without it the server answers
 * the same form with the list changed.
 */
export function TemplateForm({
  id,
  defaultValue,
  lastResult,
  submitLabel,
  cancelTo,
}: {
  id: string
  defaultValue: TemplateFormDefault
  lastResult: SubmissionResult<string[]> | undefined
  submitLabel: string
  cancelTo: string
}) {
  const navigation = useNavigation()
  const focus = useFocusAfterChange()
  const [form, fields] = useForm<TemplateFormDefault, TemplateFormValue>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(TemplateFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TemplateFormSchema }),
  })
  const sections = fields.sections.getFieldList()
  const followups = fields.followupActions.getFieldList()
  const total = totalMinutes(
    sections.map((section) => ({ timeAllocation: Number(section.getFieldset().timeAllocation.value) })),
  )
  const saving =
    navigation.state !== 'idle' && navigation.formMethod === 'POST' && !navigation.formData?.has('__intent__')

  return (
    <Form method="post" {...getFormProps(form)} className="form template-form">
      {/* Enter in a field presses the form's first submit button: let that be the save, not an add or a remove. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {submitLabel}
      </button>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Template name"
        inputProps={getInputProps(fields.name, { type: 'text' })}
        errors={fields.name.errors}
      />
      <SelectField
        label="Exit planning phase"
        selectProps={getSelectProps(fields.phaseId)}
        errors={fields.phaseId.errors}
      >
        <option value="">Select a phase</option>
        {PHASES.map((phase) => (
          <option key={phase.id} value={phase.id}>
            {phase.name}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Description"
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        errors={fields.description.errors}
      />
      <p className="template-total">
        Total duration:{' '}
        <output
          htmlFor={sections.map((section) => section.getFieldset().timeAllocation.id).join(' ')}
          aria-live="polite"
        >
          {total} minutes
        </output>
      </p>

      <section aria-labelledby={`${id}-sections`} className="template-form-sections">
        <h2 id={`${id}-sections`}>Sections</h2>
        <ErrorList id={fields.sections.errorId} errors={fields.sections.errors} />
        {sections.map((section, index) => {
          const part = section.getFieldset()
          const name = `section ${index + 1}`
          return (
            <fieldset key={section.key} className="template-form-section card">
              <legend>Section {index + 1}</legend>
              <Field
                label="Section title"
                inputProps={getInputProps(part.title, { type: 'text' })}
                errors={part.title.errors}
              />
              <Field
                label="Time allocation (minutes)"
                inputProps={{ ...getInputProps(part.timeAllocation, { type: 'number' }), step: 1 }}
                errors={part.timeAllocation.errors}
              />
              <TextareaField
                label="Suggested script"
                textareaProps={{ ...getTextareaProps(part.suggestedScript), rows: 3 }}
                errors={part.suggestedScript.errors}
              />
              <ItemList
                form={form}
                field={part.suggestedQuestions}
                legend="Suggested questions"
                itemLabel="Question"
                addLabel="Add question"
                context={name}
                focus={focus}
              />
              <ItemList
                form={form}
                field={part.keyInformation}
                legend="Key information to capture"
                itemLabel="Key information"
                addLabel="Add key information"
                context={name}
                focus={focus}
              />
              {sections.length > 1 ? (
                <button
                  {...form.remove.getButtonProps({ name: fields.sections.name, index })}
                  className="button button-small button-danger-outline"
                  onClick={() => focus(`${id}-add-section`)}
                >
                  Remove section {index + 1}
                </button>
              ) : null}
            </fieldset>
          )
        })}
        <button
          {...form.insert.getButtonProps({ name: fields.sections.name, defaultValue: ADDED_SECTION })}
          id={`${id}-add-section`}
          className="button"
          onClick={() => focus(`${fields.sections.name}[${sections.length}].title`)}
        >
          Add section
        </button>
      </section>

      <section aria-labelledby={`${id}-followups`} className="template-form-sections">
        <h2 id={`${id}-followups`}>Follow-up actions</h2>
        <ErrorList id={fields.followupActions.errorId} errors={fields.followupActions.errors} />
        {followups.length === 0 ? <p className="field-help">No follow-up actions.</p> : null}
        {followups.map((followup, index) => {
          const action = followup.getFieldset()
          return (
            <fieldset key={followup.key} className="template-form-section card">
              <legend>Follow-up action {index + 1}</legend>
              <Field
                label="Description"
                inputProps={getInputProps(action.description, { type: 'text' })}
                errors={action.description.errors}
              />
              <Field
                label="Assigned to"
                inputProps={getInputProps(action.assignedTo, { type: 'text' })}
                errors={action.assignedTo.errors}
              />
              <Field
                label="Due"
                inputProps={{ ...getInputProps(action.dueDate, { type: 'text' }), placeholder: 'Within 1 week' }}
                errors={action.dueDate.errors}
              />
              <CheckboxField
                label="Required"
                inputProps={getInputProps(action.isRequired, { type: 'checkbox' })}
                errors={action.isRequired.errors}
              />
              <button
                {...form.remove.getButtonProps({ name: fields.followupActions.name, index })}
                className="button button-small button-danger-outline"
                onClick={() => focus(`${id}-add-followup`)}
              >
                Remove follow-up action {index + 1}
              </button>
            </fieldset>
          )
        })}
        <button
          {...form.insert.getButtonProps({
            name: fields.followupActions.name,
            defaultValue: { description: '', assignedTo: '', dueDate: '', isRequired: false },
          })}
          id={`${id}-add-followup`}
          className="button"
          onClick={() => focus(`${fields.followupActions.name}[${followups.length}].description`)}
        >
          Add follow-up action
        </button>
      </section>

      <div className="form-actions">
        <Link to={cancelTo} className="button">
          Cancel
        </Link>
        <button type="submit" className="button-primary" disabled={saving}>
          {saving ? 'Saving...' : submitLabel}
        </button>
      </div>
    </Form>
  )
}
