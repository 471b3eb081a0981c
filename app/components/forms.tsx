import type { InputHTMLAttributes, ReactNode } from 'react'

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
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

/** A labelled input whose errors are announced with it (aria-invalid, aria-describedby). */
export function Field({
  label,
  inputProps,
  errors,
  errorId,
  help,
}: {
  label: ReactNode
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string }
  errors?: string[] | null
  /** Where the errors are shown, when not under the field itself. */
  errorId?: string
  help?: ReactNode
}) {
  const ownErrorId = `${inputProps.id}-error`
  const helpId = help ? `${inputProps.id}-help` : undefined
  const invalid = Boolean(errors?.length)
  const describedBy = [invalid ? (errorId ?? ownErrorId) : undefined, helpId].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={inputProps.id}>{label}</label>
      <input {...inputProps} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
      {help ? (
        <p id={helpId} className="field-help">
          {help}
        </p>
      ) : null}
      {errorId ? null : <ErrorList id={ownErrorId} errors={errors} />}
    </div>
  )
}
