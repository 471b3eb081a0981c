import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [{ title: 'Unauthorized | Exit Planner' }]

export default function Unauthorized() {
  return (
    <div className="page error-page">
      <h1>Access Denied</h1>
      <p>You do not have the role this page requires. Ask an administrator of your organization if you need access.</p>
      <Link to="/dashboard" className="button">
        Return to Dashboard
      </Link>
    </div>
  )
}
