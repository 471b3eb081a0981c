import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { currentUser } from '~/services/auth.server'

export const meta: MetaFunction = () => [{ title: 'Dashboard | Exit Planner' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await currentUser(request)
  return json({ email: me.email, organizationName: me.organization?.name ?? null })
}

export default function Dashboard() {
  const { email, organizationName } = useLoaderData<typeof loader>()
  return (
    <div className="page">
      <h1>Dashboard</h1>
      <p className="welcome">
        Welcome, <strong>{email}</strong>
        {organizationName ? (
          <>
            {' '}
            — you are working in <strong>{organizationName}</strong>.
          </>
        ) : (
          '.'
        )}
      </p>
    </div>
  )
}
