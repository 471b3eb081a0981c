import {
  type ErrorResponse,
  isRouteErrorResponse,
  Link,
  type Params,
  useLocation,
  useParams,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { type ReactNode, useEffect } from 'react'

import { ACCESS_DENIED } from '~/utils/access'

import { Logo } from './logo'

type StatusHandler = (info: { error: ErrorResponse; params: Params }) => ReactNode

/** What Remix puts in place of an error thrown on the server, whose message stays there (production). */
const SANITIZED_SERVER_ERROR = 'Unexpected Server Error'

/**
 * The error page of every route (after the Epic Stack's GeneralErrorBoundary). Exported as a
 * route's ErrorBoundary it renders where the route would have: inside the `_app` layout's <main>,
 * so the header and footer stay. `standalone` is for routes outside that frame (sign-in, the
 * invitation link, the layout itself, the root), which then get a page of their own.
 *
 * A route can replace the page of a status (`statusHandlers`), e.g. a document's 404.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  standalone = false,
}: {
  statusHandlers?: Record<number, StatusHandler>
  standalone?: boolean
}) {
  const error = useRouteError()
  const params = useParams()
  const reference = useServerErrorReference(error)

  useEffect(() => {
    // Thrown responses are answers (404, 403); anything else is a bug worth seeing in the console.
    if (!isRouteErrorResponse(error)) console.error(error)
  }, [error])

  const content = isRouteErrorResponse(error) ? (
    (statusHandlers?.[error.status] ?? defaultStatusHandlers[error.status] ?? UnexpectedError(reference, error.status))(
      {
        error,
        params,
      },
    )
  ) : (
    <UnexpectedErrorPage reference={reference} />
  )
  if (!standalone) return <>{content}</>
  return (
    <main id="main" className="standalone-error">
      <Link to="/dashboard" className="brand" aria-label="Exit Planner dashboard">
        <Logo />
      </Link>
      {content}
    </main>
  )
}

/** The frame of an error page: a heading, what happened, and a way back. */
export function ErrorPage({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page error-page">
      <h1>{title}</h1>
      {children}
      <p className="error-actions">
        {actions ?? (
          <Link to="/dashboard" className="button">
            Back to Dashboard
          </Link>
        )}
      </p>
    </div>
  )
}

/** Spec §2's Access Denied page: the route's own text (carried by the 403) and a way back. */
export function AccessDenied({ message = ACCESS_DENIED.other }: { message?: string }) {
  return (
    <ErrorPage
      title="Access Denied"
      actions={
        <Link to="/dashboard" className="button">
          Return to Dashboard
        </Link>
      }
    >
      <p className="alert alert-error" role="alert">
        {message}
      </p>
    </ErrorPage>
  )
}

const messageOf = (data: unknown) =>
  typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
    ? data.message
    : undefined

const defaultStatusHandlers: Record<number, StatusHandler> = {
  404: () => (
    <ErrorPage title="Page Not Found">
      <p>The page you are looking for does not exist or has moved.</p>
    </ErrorPage>
  ),
  403: ({ error }) => <AccessDenied message={messageOf(error.data)} />,
}

function UnexpectedError(reference: string | null, status: number): StatusHandler {
  return function UnexpectedStatus({ error }) {
    return <UnexpectedErrorPage reference={reference} status={status} message={messageOf(error.data)} />
  }
}

/** `message`: what a refusal (a 4xx thrown with `{ message }`, such as readForm's) says went wrong. */
function UnexpectedErrorPage({
  reference,
  status,
  message,
}: {
  reference: string | null
  status?: number
  message?: string
}) {
  const location = useLocation()
  const clientError = status !== undefined && status < 500
  return (
    <ErrorPage
      title="Something went wrong"
      actions={
        <>
          <Link to={`${location.pathname}${location.search}`} className="button" reloadDocument>
            Try again
          </Link>
          <Link to="/dashboard" className="button">
            Back to Dashboard
          </Link>
        </>
      }
    >
      <p>
        {clientError
          ? (message ?? `The request could not be completed (${status}).`)
          : 'An unexpected error occurred. Please try again.'}
      </p>
      {reference ? (
        <p className="error-reference">
          If it keeps happening, tell support this reference: <code>{reference}</code>
        </p>
      ) : null}
    </ErrorPage>
  )
}

/**
 * The reference under which the server logged this error (see error-reference.server.ts): carried
 * by the 500 answer of a data request, or by the root's data when the page itself came back as an
 * error. Errors of the browser's own have none: no server log holds them.
 */
function useServerErrorReference(error: unknown) {
  // The root's data named by the one field read here: importing root's loader type would loop back to root.
  const root = useRouteLoaderData<{ errorReference: string | null }>('root')
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data
    return typeof data === 'object' && data !== null && 'reference' in data && typeof data.reference === 'string'
      ? data.reference
      : null
  }
  if (error instanceof Error && error.message === SANITIZED_SERVER_ERROR) return root?.errorReference ?? null
  return null
}
