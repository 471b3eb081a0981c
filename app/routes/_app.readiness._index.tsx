import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { z } from 'zod'

import { driverOfQuestion, driverPagePath } from '#shared/readiness'
import { AssessmentView } from '~/components/assessment/assessment-view'
import { driverPage } from '~/components/assessment/driver-page'
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
    const assessment = await assessmentApi(request).get()
    // One driver's questions a page (decision 084): the scores of all drivers, the forms of one.
    return json({ assessment: driverPage(assessment, askedDriver(request)), error: null })
  } catch (error) {
    assertApiError(error)
    return json({ assessment: null, error: 'Failed to load the assessment. Please try again later.' })
  }
}

const askedDriver = (request: Request) => new URL(request.url).searchParams.get('driver')

/** The driver's page the form was sent from; a change returns to its question's driver. */
const pageOf = (request: Request): ItemPage => {
  const driver = askedDriver(request)
  return {
    page: driver ? driverPagePath(driver) : '/readiness',
    // The stored answer, where a keyboard or screen-reader user hears what was saved (issue 47 item 10).
    anchor: (key) => `${driverPagePath(driverOfQuestion(key))}#${answerLineId(key)}`,
    field: (name) => (name === 'score' || name === 'note' ? name : null),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  const form = await readForm(request)
  const api = assessmentApi(request)
  const change = <Schema extends z.ZodTypeAny>(change: ItemChange<Schema>) =>
    changeItem(request, form, pageOf(request), change)
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
