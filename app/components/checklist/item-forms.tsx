import { useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'

import type {
  ChecklistItemPayload as ChecklistItem,
  ChecklistPayload as Checklist,
} from '#api/readiness/checklist/contract'
import { dateDefault, DateField } from '~/components/date-field'
import { ErrorList, Field, formControls, TextareaField, textareaProps, textInputProps } from '~/components/forms'
import { MemberField } from '~/components/member-field'

import { LinkDocumentForm } from './link-document-form'
import { AssignSchema, type LastSubmission, NotApplicableSchema } from './schemas'

const ASSIGN_CONSTRAINT = getZodConstraint(AssignSchema)
const SET_ASIDE_CONSTRAINT = getZodConstraint(NotApplicableSchema)

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
  const assignId = `assign-${item.key}`
  const setAsideId = `not-applicable-${item.key}`
  const [assignForm, assignFields] = useForm({
    id: assignId,
    lastResult: last?.intent === 'assign' ? last.result : undefined,
    defaultValue: {
      key: item.key,
      assignee: item.assignee ? String(item.assignee.id) : '',
      due_date: dateDefault(item.due_date),
      note: item.note,
    },
    constraint: ASSIGN_CONSTRAINT,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AssignSchema }),
  })
  const [setAsideForm, setAsideFields] = useForm({
    id: setAsideId,
    lastResult: last?.intent === 'not-applicable' ? last.result : undefined,
    defaultValue: { key: item.key, reason: '' },
    constraint: SET_ASIDE_CONSTRAINT,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NotApplicableSchema }),
  })
  const assign = formControls(assignId, assignForm, assignFields, ASSIGN_CONSTRAINT)
  const setAside = formControls(setAsideId, setAsideForm, setAsideFields, SET_ASIDE_CONSTRAINT)
  const assignKey = assign.field('key')
  const setAsideKey = setAside.field('key')
  const reason = setAside.field('reason')
  const note = assign.field('note')
  const probable = item.status === 'probable' && !item.not_applicable
  const offered = probable ? item.matches.filter((match) => match.kind !== 'confirmed').slice(0, 2) : []
  return (
    <>
      <section aria-labelledby="assign-heading" className="card checklist-add">
        <h3 id="assign-heading">Who has it</h3>
        <Form method="post" {...assign.props} className="form checklist-form">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" {...assignKey.props} defaultValue={assignKey.value} />
          <ErrorList id={assign.errorId} errors={assign.errors} />
          <MemberField label="Assigned to" control={assign.field('assignee')} members={members} />
          <DateField label="Due date" control={assign.field('due_date')} />
          <TextareaField label="Note" textareaProps={{ ...textareaProps(note), rows: 2 }} errors={note.errors} />
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
            item={item}
            documents={documents}
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
          <Form method="post" {...setAside.props} className="form checklist-form">
            <input type="hidden" name="intent" value="not-applicable" />
            <input type="hidden" {...setAsideKey.props} defaultValue={setAsideKey.value} />
            <ErrorList id={setAside.errorId} errors={setAside.errors} />
            <Field label="Why it does not apply" inputProps={textInputProps(reason)} errors={reason.errors} />
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
