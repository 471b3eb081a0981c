import type { getZodConstraint } from '@conform-to/zod'
import type { FormEvent, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'

/*
 * Every field of every form goes through these helpers, so the label, `aria-invalid`,
 * `aria-describedby` and the error list (id `${inputId}-error`, Conform's `errorId`) are wired the
 * same way everywhere.
 *
 * Forms pair them with `useForm({ shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' })`, so
 * errors never appear or disappear when a field loses focus. The mousedown on the submit button takes
 * the focus from the field: a change then would grow or shrink the form and move the button from
 * under the pointer before mouseup, and the click would be lost. Errors come with the submit and
 * clear, or change, while the user types.
 */

type Errors = string[] | null | undefined

/** What `formControls` reads of the form and of each field of Conform's `useForm`. */
interface FormReading {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  errors: Errors
}
interface FieldReading {
  initialValue: unknown
  errors: Errors
}

/** A field's attributes, its initial value and its errors, as `formControls` reads them. */
export interface Control {
  props: { id: string; name: string } & ReturnType<typeof getZodConstraint>[string]
  value: string | undefined
  errors: string[] | undefined
  errorId: string
}

/**
 * A form's attributes and its fields' from two reads of the metadata each (the initial value and
 * the errors) and the schema's constraint, computed once where the schema is declared. Conform builds
 * a new proxy for every property read, `getInputProps` reads seventeen and `getFormProps` six: on the
 * assessment's eighteen forms that was three quarters of the page's render (decisions 057, 081).
 * Reading the initial value and the errors keeps the field rendering again when Conform changes
 * either (a reset, a refusal). The ids are Conform's own (`${formId}-${name}`, errors at
 * `${id}-error`), which tests/unit/form-controls.test.ts holds them to; the aria attributes are the
 * frames' (`Field`, …). The one attribute `getInputProps` adds that these leave out is the redundant
 * `form`, as the fields sit in their form.
 */
export function formControls<Name extends string>(
  formId: string,
  form: FormReading,
  fields: Record<Name, FieldReading>,
  constraint: ReturnType<typeof getZodConstraint>,
) {
  const errors = form.errors ?? undefined
  const errorId = `${formId}-error`
  return {
    /** What `getFormProps` gives: the id, Conform's submit handler, no browser validation. */
    props: { id: formId, onSubmit: form.onSubmit, noValidate: true, 'aria-describedby': errors ? errorId : undefined },
    errors,
    errorId,
    field(name: Name): Control {
      const { initialValue, errors } = fields[name]
      const id = `${formId}-${name}`
      return {
        // `required: false` drawn is no attribute; Conform leaves it out, so the props compare equal.
        props: { id, name, ...constraint[name], required: constraint[name]?.required || undefined },
        value: typeof initialValue === 'string' ? initialValue : undefined,
        errors: errors ?? undefined,
        errorId: `${id}-error`,
      }
    },
  }
}

/** A select's attributes from its control, as `getSelectProps` gives them: of the constraint, `required` and `multiple`. */
export const selectProps = ({ props: { id, name, required, multiple }, value }: Control) => ({
  id,
  name,
  required,
  multiple,
  defaultValue: value,
})

/** A textarea's attributes from its control, as `getTextareaProps` gives them. */
export const textareaProps = ({ props: { id, name, required, minLength, maxLength }, value }: Control) => ({
  id,
  name,
  required,
  minLength,
  maxLength,
  defaultValue: value,
})

/** A text input's attributes from its control, as `getInputProps(…, { type: 'text' })` gives them. */
export const textInputProps = ({ props, value }: Control) => ({ ...props, type: 'text', defaultValue: value })

interface FieldFrame {
  label: ReactNode
  errors?: Errors
  /** Where the errors are shown, when not under the field itself (the login page's banner). */
  errorId?: string
  help?: ReactNode
}

export function ErrorList({ id, errors }: { id?: string; errors?: Errors }) {
  const shown = errors?.filter(Boolean) ?? []
  if (shown.length === 0) return null
  return (
    <ul id={id} className="error-list">
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

/** The ids and aria attributes of a control with `id`, its help text and its errors. */
function describe(id: string, { errors, errorId, help }: Omit<FieldFrame, 'label'>) {
  const ownErrorId = `${id}-error`
  const helpId = help ? `${id}-help` : undefined
  const invalid = Boolean(errors?.some(Boolean))
  const describedBy = [invalid ? (errorId ?? ownErrorId) : undefined, helpId].filter(Boolean).join(' ') || undefined
  return {
    ownErrorId,
    helpId,
    aria: { 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy },
  }
}

function Help({ id, help }: { id?: string; help: ReactNode }) {
  return help ? (
    <p id={id} className="field-help">
      {help}
    </p>
  ) : null
}

/** A labelled input whose errors are announced with it. */
export function Field({
  label,
  inputProps,
  errors,
  errorId,
  help,
}: FieldFrame & { inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string } }) {
  const { ownErrorId, helpId, aria } = describe(inputProps.id, { errors, errorId, help })
  return (
    <div className="field">
      <label htmlFor={inputProps.id}>{label}</label>
      <input {...inputProps} {...aria} />
      <Help id={helpId} help={help} />
      {errorId ? null : <ErrorList id={ownErrorId} errors={errors} />}
    </div>
  )
}

/** A labelled textarea, wired like `Field`. */
export function TextareaField({
  label,
  textareaProps,
  errors,
  errorId,
  help,
}: FieldFrame & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string } }) {
  const { ownErrorId, helpId, aria } = describe(textareaProps.id, { errors, errorId, help })
  return (
    <div className="field">
      <label htmlFor={textareaProps.id}>{label}</label>
      <textarea {...textareaProps} {...aria} />
      <Help id={helpId} help={help} />
      {errorId ? null : <ErrorList id={ownErrorId} errors={errors} />}
    </div>
  )
}

/** A labelled select with its options as children, wired like `Field`. */
export function SelectField({
  label,
  selectProps,
  errors,
  errorId,
  help,
  children,
}: FieldFrame & { selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string }; children: ReactNode }) {
  const { ownErrorId, helpId, aria } = describe(selectProps.id, { errors, errorId, help })
  return (
    <div className="field">
      <label htmlFor={selectProps.id}>{label}</label>
      <select {...selectProps} {...aria}>
        {children}
      </select>
      <Help id={helpId} help={help} />
      {errorId ? null : <ErrorList id={ownErrorId} errors={errors} />}
    </div>
  )
}

/** A checkbox with its label beside it, wired like `Field`. */
export function CheckboxField({
  label,
  inputProps,
  errors,
  errorId,
  help,
}: FieldFrame & { inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id: string } }) {
  const { ownErrorId, helpId, aria } = describe(inputProps.id, { errors, errorId, help })
  return (
    <div className="field field-checkbox">
      <span className="checkbox-row">
        <input {...inputProps} type="checkbox" {...aria} />
        <label htmlFor={inputProps.id}>{label}</label>
      </span>
      <Help id={helpId} help={help} />
      {errorId ? null : <ErrorList id={ownErrorId} errors={errors} />}
    </div>
  )
}
