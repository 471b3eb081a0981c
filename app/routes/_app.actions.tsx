import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { z } from 'zod'

import { AddTaskForm } from '~/components/actions/add-task-form'
import { PlanSections } from '~/components/actions/plan-sections'
import {
  AddTaskSchema,
  EditTaskSchema,
  StatusSchema,
  SuggestionSchema,
  TaskButtonSchema,
} from '~/components/actions/schemas'
import { Suggestions } from '~/components/actions/suggestions'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { actionsApi } from '~/services/actions.server'
import { assertApiError, fieldErrorsOf } from '~/services/api-fetch.server'
import { requireRole } from '~/services/auth.server'
import { redirectWithToast } from '~/session/flash.server'
import actionsStyles from '~/styles/actions.css'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () =>
  pageMeta(
    'Action plan | Exit Planner',
    'The tasks that close the gaps before a sale, in 90-day sprints, each linked to where it came from.',
  )

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: actionsStyles }]

export async function loader({ request }: LoaderFunctionArgs) {
  // The confirm step of a removal lives in the URL, so it works without JavaScript.
  const removing = Number(new URL(request.url).searchParams.get('remove')) || null
  try {
    return json({ plan: await actionsApi(request).get(), removing, error: null })
  } catch (error) {
    assertApiError(error)
    return json({ plan: null, removing: null, error: 'Failed to load the action plan. Please try again later.' })
  }
}

/** Sends one change; the backend's refusals come back on the form's fields, a success to the plan. */
async function change<Schema extends z.ZodTypeAny>(
  request: Request,
  form: FormData,
  intent: string,
  schema: Schema,
  send: (value: z.output<Schema>) => Promise<unknown>,
  message: (value: z.output<Schema>) => string,
  to: (value: z.output<Schema>) => string = () => '/actions',
) {
  const submission = parseForm(form, { schema })
  const id = String(form.get('id') ?? '')
  if (submission.status !== 'success') return json({ intent, id, result: submission.reply() }, { status: 400 })
  try {
    await send(submission.value)
  } catch (error) {
    assertApiError(error)
    const fields = fieldErrorsOf(error)
    if (!fields) return redirectWithToast(request, '/actions', { type: 'error', message: error.message })
    const fieldErrors: Record<string, string[]> = {}
    const formErrors: string[] = []
    for (const [field, messages] of Object.entries(fields)) {
      if (field && field !== 'non_field_errors' && field !== 'suggestion') fieldErrors[field] = messages
      else formErrors.push(...messages)
    }
    // A refused suggestion or status has no field of its own to show on: it is said in a toast.
    if (intent === 'add-suggestion' || intent === 'status' || intent === 'remove')
      return redirectWithToast(request, '/actions', {
        type: 'error',
        message: [...formErrors, ...Object.values(fieldErrors).flat()].join(' '),
      })
    return json({ intent, id, result: submission.reply({ fieldErrors, formErrors }) }, { status: 400 })
  }
  return redirectWithToast(request, to(submission.value), {
    type: 'success',
    message: message(submission.value),
  })
}

const STATUS_TOASTS = { open: 'Task reopened', in_progress: 'Task started', done: 'Task done' } as const

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  const form = await readForm(request)
  const api = actionsApi(request)
  const intent = String(form.get('intent') ?? '')
  const atTask = (value: { id: number }) => `/actions#task-${value.id}`
  switch (intent) {
    case 'add':
      return change(
        request,
        form,
        intent,
        AddTaskSchema,
        (value) =>
          api.add({
            title: value.title,
            note: value.note ?? '',
            owner: value.owner ?? null,
            due_date: value.due_date ?? null,
          }),
        () => 'Task added',
      )
    case 'add-suggestion':
      return change(
        request,
        form,
        intent,
        SuggestionSchema,
        (value) => api.addSuggestion(value.ref),
        () => 'Task added',
        // Back to the list, at the suggestion that followed the one added (issue 47 item 7).
        (value) => (value.next ? `/actions#suggestion-${value.next}` : '/actions#suggestions'),
      )
    case 'gather': {
      const { added } = await api.gather()
      return redirectWithToast(request, '/actions', {
        type: 'success',
        message: added === 1 ? '1 task added' : `${added} tasks added`,
      })
    }
    case 'status':
      return change(
        request,
        form,
        intent,
        StatusSchema,
        (value) => api.update(value.id, { status: value.status }),
        (value) => STATUS_TOASTS[value.status],
        atTask,
      )
    case 'edit':
      return change(
        request,
        form,
        intent,
        EditTaskSchema,
        (value) =>
          api.update(value.id, {
            title: value.title,
            note: value.note ?? '',
            owner: value.owner ?? null,
            due_date: value.due_date ?? null,
          }),
        () => 'Task updated',
        atTask,
      )
    case 'remove':
      return change(
        request,
        form,
        intent,
        TaskButtonSchema,
        (value) => api.remove(value.id),
        () => 'Task removed',
      )
    default:
      throw unknownIntent()
  }
}

export default function Actions() {
  const { plan, removing, error } = useLoaderData<typeof loader>()
  const last = useActionData<typeof action>()
  return (
    <div className="stack actions-page">
      <div className="page-header">
        <div>
          <h1>Action plan</h1>
          <p>
            The work that closes the gaps before a sale, in 90-day sprints. Tasks come from meetings, document analyses,
            the due-diligence checklist and the readiness assessment, or are written by hand.
          </p>
        </div>
      </div>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {plan ? (
        <>
          <PlanSections plan={plan} removing={removing} last={last} />
          <Suggestions plan={plan} />
          {plan.can_edit ? <AddTaskForm members={plan.members} last={last} /> : null}
        </>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
