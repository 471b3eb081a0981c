import type { MetaFunction } from '@remix-run/node'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { notFound } from '~/http/responses.server'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = () => pageMeta('Page Not Found | Exit Planner')

/*
 * Every URL no other route claims (spec §2 "any other path"). It lives under the `_app` layout so a
 * signed-in user keeps the header and footer; the layout answers a signed-out visitor's 404 itself.
 * /api/* has its own catch-all (api.$.ts), which answers JSON.
 */

export const loader = () => {
  throw notFound()
}

// A POST to an unknown URL is just as unknown (without this, Remix would answer 405).
export const action = loader

// Never rendered: the loader always throws.
export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
