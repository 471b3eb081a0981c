import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { meetingStatusHandlers } from '~/components/transcriptions/meeting-errors'
import { MeetingView } from '~/components/transcriptions/meeting-view'
import { TranscriptUploadForm } from '~/components/transcriptions/transcript-upload-form'
import { webEnv } from '~/http/env.server'
import { currentUser } from '~/services/auth.server'
import transcriptionStyles from '~/styles/transcriptions.css'
import { canManageMeetings } from '~/utils/access'
import { pageMeta } from '~/utils/meta'

import { loadMeeting, uploadTranscriptAction } from './_app.transcriptions.$meetingId.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(`${data?.meeting.title ?? 'Meeting'} | Exit Planner`)

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: transcriptionStyles }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await currentUser(request)
  return json({
    ...(await loadMeeting(request, params.meetingId)),
    canManage: canManageMeetings(me.role),
    maxRecordingMb: webEnv().MAX_UPLOAD_MB,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  return uploadTranscriptAction(request, params.meetingId ?? '')
}

export default function MeetingDetail() {
  const { meeting, transcript, canManage, maxRecordingMb } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <MeetingView meeting={meeting} transcript={transcript} fullTranscript={false}>
      {canManage ? (
        // A new form for each version of the meeting: once a file is processed, the field no longer shows it.
        <TranscriptUploadForm
          key={meeting.updatedAt}
          lastResult={lastResult}
          replacing={Boolean(transcript)}
          maxRecordingMb={maxRecordingMb}
        />
      ) : null}
    </MeetingView>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={meetingStatusHandlers} />
}
