import type { MetaFunction } from '@remix-run/node'

import { AccessDenied, GeneralErrorBoundary } from '~/components/error-boundary'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('Unauthorized | Exit Planner')

// The pages a role may not open answer 403 in place (requireRole); this page remains for links to it.
export default function Unauthorized() {
  return <AccessDenied />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
