import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { z } from 'zod'

import { ChecklistSection } from '~/components/checklist/checklist-section'
import { AddItemSchema, AssignSchema, ItemButtonSchema, NotApplicableSchema } from '~/components/checklist/schemas'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { assertApiError, fieldErrorsOf } from '~/services/api-fetch.server'
import { checklistApi, type ChecklistPatch } from '~/services/checklist.server'
import { currentUser, requireRole } from '~/session/auth.server'
import { redirectWithToast } from '~/session/flash.server'
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

/** Sends one change; the backend's refusals come back on the form's fields, a success to the item. */
async function change<Schema extends z.ZodTypeAny>(
  request: Request,
  form: FormData,
  intent: string,
  schema: Schema,
  send: (value: z.output<Schema>) => Promise<unknown>,
  message: string,
) {
  const submission = parseForm(form, { schema })
  const key = String(form.get('key') ?? '')
  if (submission.status !== 'success') return json({ intent, key, result: submission.reply() }, { status: 400 })
  try {
    await send(submission.value)
  } catch (error) {
    assertApiError(error)
    const fields = fieldErrorsOf(error)
    if (!fields) return redirectWithToast(request, '/readiness/checklist', { type: 'error', message: error.message })
    const fieldErrors: Record<string, string[]> = {}
    const formErrors: string[] = []
    for (const [field, messages] of Object.entries(fields)) {
      const name = FORM_FIELDS[field] ?? field
      if (name && name !== 'non_field_errors') fieldErrors[name] = messages
      else formErrors.push(...messages)
    }
    return json({ intent, key, result: submission.reply({ fieldErrors, formErrors }) }, { status: 400 })
  }
  return redirectWithToast(request, key ? `/readiness/checklist#item-${key}` : '/readiness/checklist', {
    type: 'success',
    message,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  const form = await readForm(request)
  const api = checklistApi(request)
  const patch = (key: string, body: ChecklistPatch) => api.update(key, body)
  const intent = String(form.get('intent') ?? '')
  switch (intent) {
    case 'assign':
      return change(
        request,
        form,
        intent,
        AssignSchema,
        (value) =>
          patch(value.key, {
            assignee: value.assignee ?? null,
            due_date: value.due_date ?? null,
            note: value.note ?? '',
          }),
        'Item updated',
      )
    case 'not-applicable':
      return change(
        request,
        form,
        intent,
        NotApplicableSchema,
        (value) => patch(value.key, { not_applicable: true, not_applicable_reason: value.reason }),
        'Item marked not applicable',
      )
    case 'applicable':
      return change(
        request,
        form,
        intent,
        ItemButtonSchema,
        (value) => patch(value.key, { not_applicable: false }),
        'Item marked applicable again',
      )
    case 'confirm':
      return change(
        request,
        form,
        intent,
        ItemButtonSchema,
        (value) => patch(value.key, { confirmed_document: value.document ?? null }),
        'Match confirmed',
      )
    case 'unconfirm':
      return change(
        request,
        form,
        intent,
        ItemButtonSchema,
        (value) => patch(value.key, { confirmed_document: null }),
        'Confirmation withdrawn',
      )
    case 'add-item':
      return change(request, form, intent, AddItemSchema, (value) => api.add(value), 'Item added')
    case 'remove-item':
      return change(request, form, intent, ItemButtonSchema, (value) => api.remove(value.key), 'Item removed')
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
