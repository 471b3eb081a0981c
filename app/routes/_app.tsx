import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { isRouteErrorResponse, Outlet, useLoaderData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SiteFooter, SiteHeader } from '~/components/site-header'
import { Toaster } from '~/components/toaster'
import { webEnv } from '~/http/env.server'
import { notFound } from '~/http/responses.server'
import { currentUser } from '~/services/auth.server'
import { userTimeZone } from '~/services/time-zone.server'
import { getAuthSession } from '~/session/session.server'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = ({ error, matches }) =>
  isRouteErrorResponse(error) && error.status === 404
    ? pageMeta('Page Not Found | Exit Planner')
    : (matches.find((match) => match.id === 'root')?.meta ?? [])

export async function loader({ request, params }: LoaderFunctionArgs) {
  // An unknown URL (the `_app.$` catch-all) is a 404 for everyone, not a reason to sign in first:
  // a visitor who is signed out gets it here, without the signed-in frame.
  if (params['*'] !== undefined && !(await getAuthSession(request))) throw notFound()
  const [me, timeZone] = await Promise.all([currentUser(request), userTimeZone(request)])
  return json({
    timeZone,
    user: { email: me.email, role: me.role },
    organizations: {
      current: me.organization && { name: me.organization.name, slug: me.organization.slug },
      list: me.organizations,
      complete: me.organizations_listed,
    },
    demoUrl: webEnv().DEMO_URL,
  })
}

export default function ProtectedLayout() {
  const { user, organizations, demoUrl } = useLoaderData<typeof loader>()
  return (
    <div className="app-shell">
      <SiteHeader user={user} organizations={organizations} demoUrl={demoUrl} />
      <Toaster />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}

// The pages name themselves; the layout only names its own 404 (a signed-out visitor's unknown URL).
/** The layout itself failed (or a signed-out visitor asked for an unknown URL): a page without the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary standalone />
}
