import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData } from '@remix-run/react'

import { zonedInputToUtc } from '#shared/time-zones'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ScheduleForm, ScheduleSchema } from '~/components/transcriptions/schedule-form'
import { parseForm } from '~/http/parse-form.server'
import { readForm } from '~/http/read-form.server'
import { assertApiError } from '~/services/api-fetch.server'
import { requireRole } from '~/services/auth.server'
import { userTimeZone } from '~/services/time-zone.server'
import { meetingsApi } from '~/services/transcriptions.server'
import { redirectWithToast } from '~/session/flash.server'
import conversationTemplateStyles from '~/styles/conversation-templates.css'
import transcriptionStyles from '~/styles/transcriptions.css'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('Schedule a Meeting | Exit Planner')

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: transcriptionStyles },
  { rel: 'stylesheet', href: conversationTemplateStyles },
]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, ['admin', 'analyst'])
  const submission = parseForm(await readForm(request), { schema: ScheduleSchema })
  if (submission.status !== 'success') {
    return json(submission.reply(), { status: submission.status === 'error' ? 400 : 200 })
  }
  const { title, date, duration, participants = [] } = submission.value
  // The form asks for the time in the user's zone, as every date in the app is shown.
  const scheduledAt = zonedInputToUtc(date, (await userTimeZone(request)).name)
  if (!scheduledAt) return json(submission.reply({ fieldErrors: { date: ['Enter a date and time'] } }), { status: 400 })
  try {
    const meeting = await meetingsApi(request).schedule({
      title,
      date: scheduledAt.toISOString(),
      duration,
      participants,
    })
    return redirectWithToast(request, `/transcriptions/${meeting.id}`, {
      type: 'success',
      message: 'Meeting scheduled',
    })
  } catch (error) {
    assertApiError(error)
    return json(submission.reply({ formErrors: ['Failed to schedule the meeting. Please try again.'] }), {
      status: 400,
    })
  }
}

export default function ScheduleMeeting() {
  const lastResult = useActionData<typeof action>()
  return (
    <div className="page">
      <h1>Schedule a Meeting</h1>
      <ScheduleForm lastResult={lastResult} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
