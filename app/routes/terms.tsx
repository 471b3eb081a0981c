import type { MetaFunction } from '@remix-run/node'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PublicPage } from '~/components/public-page'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('Terms of Service | Exit Planner')

export default function Terms() {
  return (
    <PublicPage title="Terms of Service">
      <p>
        Exit Planner is a workspace for business owners and their advisors to plan the sale or hand-over of a business.
        By signing in you agree to use it only for your organization's planning work and to keep your sign-in details to
        yourself.
      </p>
      <h2>Your content</h2>
      <p>
        Documents, conversations and notes you add remain yours and your organization's. We process them only to provide
        the service: storing, searching and analysing them for the members of your organization.
      </p>
      <h2>Advice</h2>
      <p>
        Answers and analyses are drawn from your own documents to support your advisors. They are not legal, tax or
        financial advice on their own.
      </p>
      <h2>Accounts</h2>
      <p>
        Organization administrators decide who belongs to their organization and with which role. We may suspend an
        account that is used to harm the service or other users.
      </p>
    </PublicPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary standalone />
}
