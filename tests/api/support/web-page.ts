import { requestStorage } from '../../../app/http/request-context.server'
import { AUTH_KEY, commitSession, getSession, ORGANIZATION_KEY } from '../../../app/session/session.server'
import { measured, newRequestMetrics } from '../../../runtime/request-metrics'
import type { Session } from './harness'

/** The session cookie a browser signed in as `session` carries (SESSION_SECRET must be set). */
export async function sessionCookie(session: Session, organization?: string) {
  const cookieSession = await getSession(new Request('http://localhost/'))
  cookieSession.set(AUTH_KEY, { access: session.access, refresh: session.refresh, user: session.user })
  if (organization) cookieSession.set(ORGANIZATION_KEY, organization)
  return (await commitSession(cookieSession)).split(';')[0]!
}

/**
 * Runs `load` as the web server runs a page's loaders: in one request's store, its backend calls,
 * caller resolutions and statements counted (what the page's Server-Timing shows).
 */
export async function asPage<T>(cookie: string, load: (request: Request) => Promise<T>) {
  const request = new Request('http://localhost/dashboard', { headers: { cookie } })
  const metrics = newRequestMetrics()
  const result = await measured(metrics, () =>
    requestStorage.run({ cache: new Map(), apiScope: new Map() }, () => load(request)),
  )
  return { result, metrics }
}
