import { Link } from '@remix-run/react'

import { ErrorPage } from '~/components/error-boundary'

const BackToMeetings = () => (
  <Link to="/transcriptions" className="button">
    Back to Recorded Meetings
  </Link>
)

/** The meeting pages' own error pages (spec §4 "Templates and meetings"). */
export const meetingStatusHandlers = {
  404: () => (
    <ErrorPage title="Meeting not found" actions={<BackToMeetings />}>
      <p>It does not exist, was deleted, or belongs to another organization.</p>
    </ErrorPage>
  ),
  502: () => (
    <ErrorPage title="Meeting not found" actions={<BackToMeetings />}>
      <p className="alert alert-error" role="alert">
        Meeting not found or error loading data.
      </p>
    </ErrorPage>
  ),
}
