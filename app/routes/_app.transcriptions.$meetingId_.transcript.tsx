import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { meetingStatusHandlers } from '~/components/transcriptions/meeting-errors'
import { MeetingView } from '~/components/transcriptions/meeting-view'
import { requireUser } from '~/services/auth.server'
import transcriptionStyles from '~/styles/transcriptions.css'
import { pageMeta } from '~/utils/meta'

import { loadMeeting } from './_app.transcriptions.$meetingId.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`${data?.meeting.title ?? 'Meeting'}: transcript | Exit Planner`)

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: transcriptionStyles }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  return json(await loadMeeting(request, params.meetingId))
}

export default function MeetingTranscript() {
  const { meeting, transcript } = useLoaderData<typeof loader>()
  return <MeetingView meeting={meeting} transcript={transcript} fullTranscript={true} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={meetingStatusHandlers} />
}
