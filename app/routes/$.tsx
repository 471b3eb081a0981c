import { Link } from '@remix-run/react'
import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Page Not Found | Exit Planner' }]

export const loader = () => {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  return (
    <main id="main" className="error-page">
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/dashboard" className="button">
        Back to Dashboard
      </Link>
    </main>
  )
}
