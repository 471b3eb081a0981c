import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { SiteFooter, SiteHeader } from '~/components/site-header'
import { currentUser } from '~/services/auth.server'
import { webEnv } from '~/services/env.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await currentUser(request)
  return json({ user: { email: me.email, role: me.role }, demoUrl: webEnv().DEMO_URL })
}

export default function ProtectedLayout() {
  const { user, demoUrl } = useLoaderData<typeof loader>()
  return (
    <div className="app-shell">
      <SiteHeader user={user} demoUrl={demoUrl} />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
