import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { z } from 'zod'

import { AssessmentView } from '~/components/assessment/assessment-view'
import { AcceptSchema, AnswerSchema, CompleteSchema } from '~/components/assessment/schemas'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { assertApiError, fieldErrorsOf } from '~/services/api-fetch.server'
import { assessmentApi } from '~/services/assessment.server'
import { requireRole } from '~/session/auth.server'
import { redirectWithToast } from '~/session/flash.server'
import assessmentStyles from '~/styles/assessment.css'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () =>
  pageMeta(
    'Assessment | Readiness | Exit Planner',
    'How ready the business is to sell, by value driver: answers proposed from the documents, scores and their change.',
  )

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: assessmentStyles }]

export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return json({ assessment: await assessmentApi(request).get(), error: null })
  } catch (error) {
    assertApiError(error)
    return json({ assessment: null, error: 'Failed to load the assessment. Please try again later.' })
  }
}

/** Sends one change; the backend's refusals come back on the form's fields, a success as a toast. */
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
    if (!fields) return redirectWithToast(request, '/readiness', { type: 'error', message: error.message })
    const fieldErrors: Record<string, string[]> = {}
    const formErrors: string[] = []
    for (const [field, messages] of Object.entries(fields)) {
      if (field === 'score' || field === 'note') fieldErrors[field] = messages
      else formErrors.push(...messages)
    }
    return json({ intent, key, result: submission.reply({ fieldErrors, formErrors }) }, { status: 400 })
  }
  return redirectWithToast(request, key ? `/readiness#q-${key}` : '/readiness', { type: 'success', message })
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  const form = await readForm(request)
  const api = assessmentApi(request)
  const intent = String(form.get('intent') ?? '')
  switch (intent) {
    case 'answer':
      return change(
        request,
        form,
        intent,
        AnswerSchema,
        (value) => api.answer(value.key, { score: value.score, note: value.note ?? '' }),
        'Answer saved',
      )
    case 'accept':
      return change(request, form, intent, AcceptSchema, (value) => api.accept(value.key), 'Proposed answer accepted')
    case 'complete':
      return change(request, form, intent, CompleteSchema, () => api.complete(), 'Assessment completed')
    default:
      throw new Response('Unknown intent', { status: 400 })
  }
}

export default function AssessmentPage() {
  const { assessment, error } = useLoaderData<typeof loader>()
  const last = useActionData<typeof action>()
  return (
    <>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {assessment ? <AssessmentView assessment={assessment} last={last} /> : null}
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
