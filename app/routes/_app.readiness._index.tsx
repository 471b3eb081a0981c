import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { z } from 'zod'

import { AssessmentView } from '~/components/assessment/assessment-view'
import { AcceptSchema, answerLineId, AnswerSchema, CompleteSchema } from '~/components/assessment/schemas'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { readForm } from '~/http/read-form.server'
import { unknownIntent } from '~/http/responses.server'
import { assertApiError } from '~/services/api-fetch.server'
import { assessmentApi } from '~/services/assessment.server'
import { requireRole } from '~/services/auth.server'
import assessmentStyles from '~/styles/assessment.css'
import { pageMeta } from '~/utils/meta'

import { changeItem, type ItemChange, type ItemPage } from './_app.readiness.item-change.server'

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

const PAGE: ItemPage = {
  page: '/readiness',
  // The stored answer, where a keyboard or screen-reader user hears what was saved (issue 47 item 10).
  anchor: (key) => `/readiness#${answerLineId(key)}`,
  field: (name) => (name === 'score' || name === 'note' ? name : null),
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  const form = await readForm(request)
  const api = assessmentApi(request)
  const change = <Schema extends z.ZodTypeAny>(change: ItemChange<Schema>) => changeItem(request, form, PAGE, change)
  switch (String(form.get('intent') ?? '')) {
    case 'answer':
      return change({
        schema: AnswerSchema,
        send: (value) => api.answer(value.key, { score: value.score, note: value.note ?? '' }),
        message: 'Answer saved',
      })
    case 'accept':
      return change({
        schema: AcceptSchema,
        send: (value) => api.accept(value.key),
        message: 'Proposed answer accepted',
      })
    case 'complete':
      return change({ schema: CompleteSchema, send: () => api.complete(), message: 'Assessment completed' })
    default:
      throw unknownIntent()
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
