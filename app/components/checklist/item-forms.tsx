import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import { ErrorList, Field, SelectField, TextareaField } from '~/components/forms'
import type { Checklist, ChecklistItem } from '~/services/checklist.server'

import { AssignSchema, type LastSubmission, NotApplicableSchema } from './schemas'

/**
 * An item's forms, folded under "Manage" so that forty items read as a list: assign it (member, due
 * date, note), set it aside with a reason or back, confirm a probable match, remove an added item.
 * Plain POST forms with an intent; the fold opens again when its form came back with errors.
 */
export function ItemForms({
  item,
  members,
  last,
}: {
  item: ChecklistItem
  members: Checklist['members']
  last: LastSubmission | undefined
}) {
  const [assign, assignFields] = useForm({
    id: `assign-${item.key}`,
    lastResult: last?.intent === 'assign' ? last.result : undefined,
    defaultValue: {
      key: item.key,
      assignee: item.assignee ? String(item.assignee.id) : '',
      due_date: item.due_date ?? '',
      note: item.note,
    },
    constraint: getZodConstraint(AssignSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AssignSchema }),
  })
  const [setAside, setAsideFields] = useForm({
    id: `not-applicable-${item.key}`,
    lastResult: last?.intent === 'not-applicable' ? last.result : undefined,
    defaultValue: { key: item.key, reason: '' },
    constraint: getZodConstraint(NotApplicableSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NotApplicableSchema }),
  })
  const failed = last?.result.status === 'error'
  const probable = item.status === 'probable' && !item.not_applicable
  return (
    <details className="checklist-manage" open={failed || undefined}>
      <summary>
        Manage<span className="visually-hidden"> {item.title}</span>
      </summary>
      <Form method="post" {...getFormProps(assign)} className="form checklist-form">
        <input type="hidden" name="intent" value="assign" />
        <input {...getInputProps(assignFields.key, { type: 'hidden' })} />
        <ErrorList id={assign.errorId} errors={assign.errors} />
        <SelectField
          label="Assigned to"
          selectProps={getSelectProps(assignFields.assignee)}
          errors={assignFields.assignee.errors}
        >
          <option value="">Nobody</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <Field
          label="Due date"
          inputProps={getInputProps(assignFields.due_date, { type: 'date' })}
          errors={assignFields.due_date.errors}
        />
        <TextareaField
          label="Note"
          textareaProps={{ ...getTextareaProps(assignFields.note), rows: 2 }}
          errors={assignFields.note.errors}
        />
        <button type="submit" className="button-primary">
          Save<span className="visually-hidden"> {item.title}</span>
        </button>
      </Form>
      {probable
        ? item.matches
            // Content matches, or title matches short of the years asked for: the advisor settles either.
            .filter((match) => match.kind !== 'confirmed')
            .slice(0, 2)
            .map((match) => (
              <Form method="post" key={match.document_id} className="checklist-inline-form">
                <input type="hidden" name="key" value={item.key} />
                <input type="hidden" name="document" value={match.document_id} />
                <button type="submit" name="intent" value="confirm" className="button">
                  Confirm “{match.title}” answers it
                </button>
              </Form>
            ))
        : null}
      {item.confirmed_document !== null ? (
        <Form method="post" className="checklist-inline-form">
          <input type="hidden" name="key" value={item.key} />
          <button type="submit" name="intent" value="unconfirm" className="button">
            Withdraw the confirmation<span className="visually-hidden"> of {item.title}</span>
          </button>
        </Form>
      ) : null}
      {item.not_applicable ? (
        <Form method="post" className="checklist-inline-form">
          <input type="hidden" name="key" value={item.key} />
          <button type="submit" name="intent" value="applicable" className="button">
            Mark applicable again<span className="visually-hidden">: {item.title}</span>
          </button>
        </Form>
      ) : (
        <Form method="post" {...getFormProps(setAside)} className="form checklist-form">
          <input type="hidden" name="intent" value="not-applicable" />
          <input {...getInputProps(setAsideFields.key, { type: 'hidden' })} />
          <ErrorList id={setAside.errorId} errors={setAside.errors} />
          <Field
            label="Why it does not apply"
            inputProps={getInputProps(setAsideFields.reason, { type: 'text' })}
            errors={setAsideFields.reason.errors}
          />
          <button type="submit" className="button">
            Mark not applicable<span className="visually-hidden">: {item.title}</span>
          </button>
        </Form>
      )}
      {item.custom ? (
        <Form method="post" className="checklist-inline-form">
          <input type="hidden" name="key" value={item.key} />
          <button type="submit" name="intent" value="remove-item" className="button button-danger-outline">
            Remove this item<span className="visually-hidden">: {item.title}</span>
          </button>
        </Form>
      ) : null}
    </details>
  )
}
