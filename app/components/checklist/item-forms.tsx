import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'

import type {
  ChecklistItemPayload as ChecklistItem,
  ChecklistPayload as Checklist,
} from '#api/readiness/checklist/contract'
import { dateDefault, DateField } from '~/components/date-field'
import { ErrorList, Field, TextareaField } from '~/components/forms'
import { MemberField } from '~/components/member-field'

import { LinkDocumentForm } from './link-document-form'
import { AssignSchema, type LastSubmission, NotApplicableSchema } from './schemas'

/** A change to the item that is one button: its form holds the item's key, and a document's when it names one. */
function ItemButton({
  item,
  intent,
  document,
  danger = false,
  children,
}: {
  item: ChecklistItem
  intent: 'confirm' | 'unconfirm' | 'applicable' | 'remove-item'
  document?: number
  danger?: boolean
  children: ReactNode
}) {
  return (
    <Form method="post" className="checklist-inline-form">
      <input type="hidden" name="key" value={item.key} />
      {document === undefined ? null : <input type="hidden" name="document" value={document} />}
      <button type="submit" name="intent" value={intent} className={danger ? 'button button-danger-outline' : 'button'}>
        {children}
      </button>
    </Form>
  )
}

/**
 * An item's forms, on its own page: assign it (member, due date, note), confirm a probable match,
 * withdraw a confirmation or link a document by hand, set it aside with a reason or back, remove an
 * added item. Plain POST forms with an intent and the item's key.
 */
export function ItemForms({
  item,
  members,
  documents,
  last,
}: {
  item: ChecklistItem
  members: Checklist['members']
  documents: Checklist['documents']
  last: LastSubmission | undefined
}) {
  const [assign, assignFields] = useForm({
    id: `assign-${item.key}`,
    lastResult: last?.intent === 'assign' ? last.result : undefined,
    defaultValue: {
      key: item.key,
      assignee: item.assignee ? String(item.assignee.id) : '',
      due_date: dateDefault(item.due_date),
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
  const probable = item.status === 'probable' && !item.not_applicable
  const offered = probable ? item.matches.filter((match) => match.kind !== 'confirmed').slice(0, 2) : []
  return (
    <>
      <section aria-labelledby="assign-heading" className="card checklist-add">
        <h3 id="assign-heading">Who has it</h3>
        <Form method="post" {...getFormProps(assign)} className="form checklist-form">
          <input type="hidden" name="intent" value="assign" />
          <input {...getInputProps(assignFields.key, { type: 'hidden' })} />
          <ErrorList id={assign.errorId} errors={assign.errors} />
          <MemberField label="Assigned to" meta={assignFields.assignee} members={members} />
          <DateField label="Due date" meta={assignFields.due_date} />
          <TextareaField
            label="Note"
            textareaProps={{ ...getTextareaProps(assignFields.note), rows: 2 }}
            errors={assignFields.note.errors}
          />
          <button type="submit" className="button-primary">
            Save<span className="visually-hidden"> {item.title}</span>
          </button>
        </Form>
      </section>
      <section aria-labelledby="matches-heading" className="card checklist-add">
        <h3 id="matches-heading">Which document answers it</h3>
        {offered.map((match) => (
          // Content matches, or title matches short of the years asked for: the advisor settles either.
          <ItemButton key={match.document_id} item={item} intent="confirm" document={match.document_id}>
            Confirm “{match.title}” answers it
          </ItemButton>
        ))}
        {item.confirmed_document !== null ? (
          <ItemButton item={item} intent="unconfirm">
            Withdraw the confirmation<span className="visually-hidden"> of {item.title}</span>
          </ItemButton>
        ) : null}
        {documents.length ? (
          <LinkDocumentForm
            checklist={{ items: [item], documents }}
            item={item}
            lastResult={last?.intent === 'link' ? last.result : undefined}
          />
        ) : (
          <p>The organization has no documents to link yet.</p>
        )}
      </section>
      <section aria-labelledby="applies-heading" className="card checklist-add">
        <h3 id="applies-heading">Whether it applies</h3>
        {item.not_applicable ? (
          <ItemButton item={item} intent="applicable">
            Mark applicable again<span className="visually-hidden">: {item.title}</span>
          </ItemButton>
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
          <ItemButton item={item} intent="remove-item" danger>
            Remove this item<span className="visually-hidden">: {item.title}</span>
          </ItemButton>
        ) : null}
      </section>
    </>
  )
}
