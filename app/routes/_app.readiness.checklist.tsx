import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { z } from 'zod'

import { ChecklistSection } from '~/components/checklist/checklist-section'
import {
  AddItemSchema,
  AssignSchema,
  ItemButtonSchema,
  LinkDocumentSchema,
  NotApplicableSchema,
} from '~/components/checklist/schemas'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { changeItem, type ItemChange, type ItemPage } from '~/http/item-change.server'
import { readForm } from '~/http/read-form.server'
import { assertApiError } from '~/services/api-fetch.server'
import { checklistApi, type ChecklistPatch } from '~/services/checklist.server'
import { currentUser, requireRole } from '~/session/auth.server'
import checklistStyles from '~/styles/checklist.css'
import { canManageChecklist } from '~/utils/access'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () =>
  pageMeta(
    'Due-diligence checklist | Readiness | Exit Planner',
    'The documents a buyer will ask for: which the files hold, which are missing or stale, and who owes them.',
  )

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: checklistStyles }]

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await currentUser(request)
  try {
    return json({ checklist: await checklistApi(request).get(), canEdit: canManageChecklist(me.role), error: null })
  } catch (error) {
    assertApiError(error)
    return json({ checklist: null, canEdit: false, error: 'Failed to load the checklist. Please try again later.' })
  }
}

// The API's field names are the form's, but for the reason of setting an item aside.
const FORM_FIELDS: Record<string, string> = { not_applicable_reason: 'reason', confirmed_document: '' }

const PAGE: ItemPage = {
  page: '/readiness/checklist',
  anchor: (key) => `/readiness/checklist#item-${key}`,
  field: (name) => {
    const field = FORM_FIELDS[name] ?? name
    return field && field !== 'non_field_errors' ? field : null
  },
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  const form = await readForm(request)
  const api = checklistApi(request)
  const patch = (key: string, body: ChecklistPatch) => api.update(key, body)
  const change = <Schema extends z.ZodTypeAny>(change: ItemChange<Schema>) => changeItem(request, form, PAGE, change)
  switch (String(form.get('intent') ?? '')) {
    case 'assign':
      return change({
        schema: AssignSchema,
        send: (value) =>
          patch(value.key, {
            assignee: value.assignee ?? null,
            due_date: value.due_date ?? null,
            note: value.note ?? '',
          }),
        message: 'Item updated',
      })
    case 'not-applicable':
      return change({
        schema: NotApplicableSchema,
        send: (value) => patch(value.key, { not_applicable: true, not_applicable_reason: value.reason }),
        message: 'Item marked not applicable',
      })
    case 'applicable':
      return change({
        schema: ItemButtonSchema,
        send: (value) => patch(value.key, { not_applicable: false }),
        message: 'Item marked applicable again',
      })
    case 'confirm':
      return change({
        schema: ItemButtonSchema,
        send: (value) => patch(value.key, { confirmed_document: value.document ?? null }),
        message: 'Match confirmed',
      })
    case 'link':
      return change({
        schema: LinkDocumentSchema,
        send: (value) => patch(value.key, { confirmed_document: value.document }),
        message: 'Document linked',
      })
    case 'unconfirm':
      return change({
        schema: ItemButtonSchema,
        send: (value) => patch(value.key, { confirmed_document: null }),
        message: 'Confirmation withdrawn',
      })
    case 'add-item':
      return change({ schema: AddItemSchema, send: (value) => api.add(value), message: 'Item added' })
    case 'remove-item':
      return change({ schema: ItemButtonSchema, send: (value) => api.remove(value.key), message: 'Item removed' })
    default:
      throw new Response('Unknown intent', { status: 400 })
  }
}

export default function Checklist() {
  const { checklist, canEdit, error } = useLoaderData<typeof loader>()
  const last = useActionData<typeof action>()
  return (
    <>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {checklist ? <ChecklistSection checklist={checklist} canEdit={canEdit} last={last} /> : null}
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
