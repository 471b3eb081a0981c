import type { MetaFunction } from '@remix-run/node'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PublicPage } from '~/components/public-page'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('Privacy Policy | Exit Planner')

export default function Privacy() {
  return (
    <PublicPage title="Privacy Policy">
      <p>
        We keep what the service needs to work: your name, e-mail address, username, the organizations you belong to,
        your role in each, and the time of your last sign-in.
      </p>
      <h2>Cookies</h2>
      <p>
        One session cookie keeps you signed in and one short-lived cookie carries on-screen notifications between pages.
        Both are HTTP-only and are not used for tracking.
      </p>
      <h2>Your documents</h2>
      <p>
        Uploaded documents and their extracted text are visible only to members of the organization they were uploaded
        to. Search and the assistant never look across organizations.
      </p>
      <h2>Google sign-in</h2>
      <p>
        If you sign in with Google we receive your name, e-mail address and profile picture from Google, nothing more.
      </p>
    </PublicPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary standalone />
}
