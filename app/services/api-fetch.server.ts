import { redirect } from '@remix-run/node'

import { keptJsonText } from '#shared/json-text'
import { webEnv } from '~/http/env.server'
import { currentRequestStore, inProcessApi } from '~/http/request-context.server'
import { authEvent, flashCookie } from '~/session/flash.server'
import {
  AUTH_KEY,
  type AuthSession,
  destroySession,
  getSession,
  ORGANIZATION_KEY,
  updateTokens,
} from '~/session/session.server'
import { signInPath } from '~/utils/safe-redirect'

import { currentLogContext } from '../../runtime/log'
import { type ApiMethod, type ApiPath, apiPath, type ApiPattern } from './api-path.server'
import { askForProfile, asksForProfile, boardRide, carriedProfile, handOver } from './caller-profile.server'

/** A non-2xx answer of the backend, with its DRF-shaped body (and headers, such as a 429's Retry-After). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Headers = new Headers(),
  ) {
    super(typeof body.detail === 'string' ? body.detail : `API answered ${status}`)
  }
}

/**
 * Lets only the backend's refusal through: anything else (a bug, the backend unreachable) is thrown
 * on to the error page, which reports it with its reference.
 */
export function assertApiError(error: unknown): asserts error is ApiError {
  if (!(error instanceof ApiError)) throw error
}

/** Field errors of a 400 answer (`{field: [messages]}`), or null for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null
  const fields: Record<string, string[]> = {}
  for (const [key, value] of Object.entries(error.body)) {
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) fields[key] = value
    else if (key === 'detail' && typeof value === 'string') fields[''] = [value]
  }
  return fields
}

/** The backend could not be reached at all. */
export class ApiUnavailableError extends Error {
  name = 'ApiUnavailableError'
}

interface ApiInit<P extends ApiPattern = ApiPattern> {
  /** One the API answers on the path; GET when left out. */
  method?: ApiMethod<P>
  json?: unknown
  body?: BodyInit
  headers?: HeadersInit
  /** Send without the session's tokens (sign-in calls). */
  anonymous?: boolean
  /** Aborts the call (a browser that went away from a streamed answer). */
  signal?: AbortSignal
  /**
   * A POST that changes nothing (a search, whose query is its body): it may bring the caller's
   * profile as a page's GET does, and the calls after it keep the caller the API resolved.
   */
  reads?: true
}

/** What a call on `P` is given: its method may be left out only where the API answers GET. */
type InitOf<P extends ApiPattern> =
  'GET' extends ApiMethod<P> ? [init?: ApiInit<P>] : [init: ApiInit<P> & { method: ApiMethod<P> }]

/** Sends one request to the backend: in process by default, over HTTP when API_URL is set. */
async function dispatch(path: ApiPath, init: ApiInit, access?: string, organization?: string) {
  const base = webEnv().API_URL ?? 'http://in-process'
  const headers = new Headers(init.headers)
  if (access) headers.set('Authorization', `Bearer ${access}`)
  if (organization) headers.set('X-Organization', organization)
  let body = init.body
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(init.json)
    // As a socket's request would have it: a body of unknown length is read and copied by the
    // API's body limit before any route sees it.
    headers.set('Content-Length', String(Buffer.byteLength(body)))
  }
  const store = currentRequestStore()
  const handler = webEnv().API_URL ? undefined : inProcessApi()
  if (!handler && store?.clientAddress) headers.set('X-Forwarded-For', store.clientAddress)
  // In process the call runs inside this request's log context and takes its id from there.
  const requestId = currentLogContext()?.requestId
  if (!handler && requestId) headers.set('X-Request-Id', requestId)
  const request = new Request(new URL(`/api${path}`, base), {
    method: init.method ?? 'GET',
    headers,
    body,
    signal: init.signal,
  })
  try {
    if (handler) {
      let profile: Parameters<typeof handOver>[1]
      const deliverProfile = asksForProfile(headers) ? (given: typeof profile) => (profile = given) : undefined
      const response = await handler(request, {
        clientAddress: store?.clientAddress,
        scope: store?.apiScope,
        deliverProfile,
        keepsJsonText: true,
      })
      handOver(response, profile)
      // A change may end the session or a membership: later calls of this page resolve the caller again.
      if (request.method !== 'GET' && request.method !== 'HEAD' && !init.reads) store?.apiScope.clear()
      return response
    }
    if (!webEnv().API_URL) throw new ApiUnavailableError('No backend is registered and API_URL is not set')
    return await fetch(request)
  } catch (error) {
    throw new ApiUnavailableError(error instanceof Error ? error.message : String(error))
  }
}

type Tokens = { access: string; refresh: string }

// One refresh per refresh token in flight in this process: the loaders of one page wait for it.
// Requests that carry the old token after it was rotated (another tab, another web process) are
// answered the same successor by the backend within its reuse window (api/auth/sessions.ts).
const refreshes = new Map<string, Promise<Tokens | null>>()

function refreshOnce(refresh: string) {
  let pending = refreshes.get(refresh)
  if (!pending) {
    pending = (async () => {
      const response = await dispatch(apiPath('/token/refresh/'), { method: 'POST', json: { refresh } })
      if (!response.ok) return null
      const body = (await response.json()) as Partial<Tokens>
      return body.access ? { access: body.access, refresh: body.refresh ?? refresh } : null
    })()
    refreshes.set(refresh, pending)
    void pending.finally(() => refreshes.delete(refresh))
  }
  return pending
}

/** Ends the session and sends the browser to sign in again, back to where it was. */
async function signOutAndRedirect(request: Request, reason: string): Promise<never> {
  const session = await getSession(request)
  const headers = new Headers()
  headers.append('Set-Cookie', await destroySession(session))
  headers.append(
    'Set-Cookie',
    await flashCookie(request, {
      toast: { type: 'warning', message: 'Your session has ended. Please sign in again.' },
      authLog: [authEvent('apiFetch', reason, 'warning')],
    }),
  )
  const store = currentRequestStore()
  if (store) store.pendingSessionCookie = undefined
  throw redirect(signInPath(request), { headers })
}

/**
 * Calls the backend as the signed-in user. On a 401 it refreshes the tokens once and retries; when
 * the refresh fails the session ends and the browser is sent to /login.
 */
export async function apiFetch<P extends ApiPattern>(
  request: Request,
  path: ApiPath<P>,
  ...[init = {}]: InitOf<P>
): Promise<Response> {
  // Boarding is decided before the first await: the frame waits for calls started with it (decision 079).
  const seat = !init.anonymous && ((init.method ?? 'GET') === 'GET' || init.reads) ? boardRide() : undefined
  if (!seat) return fetchAsCaller(request, path, init)
  try {
    const headers = new Headers(init.headers)
    askForProfile(headers)
    const response = await fetchAsCaller(request, path, { ...init, headers })
    seat.settle(carriedProfile(response))
    return response
  } catch (error) {
    seat.fail(error)
    throw error
  }
}

async function fetchAsCaller(request: Request, path: ApiPath, init: ApiInit): Promise<Response> {
  const session = await getSession(request)
  const auth = init.anonymous ? undefined : (session.get(AUTH_KEY) as AuthSession | undefined)
  const organization = session.get(ORGANIZATION_KEY) as string | undefined
  const response = await dispatch(path, init, auth?.access, organization)
  if (response.status !== 401 || !auth) return response
  const tokens = await refreshOnce(auth.refresh).catch(() => null)
  if (!tokens) return signOutAndRedirect(request, 'Token refresh failed; signed out')
  await updateTokens(request, tokens)
  const retried = await dispatch(path, init, tokens.access, organization)
  if (retried.status === 401) return signOutAndRedirect(request, 'Refreshed token was refused; signed out')
  return retried
}

/** apiFetch for JSON answers: parses the body and throws ApiError on a non-2xx status. */
export async function apiJson<T = unknown, P extends ApiPattern = ApiPattern>(
  request: Request,
  path: ApiPath<P>,
  ...init: InitOf<P>
): Promise<T> {
  return answerOf<T>(await apiFetch(request, path, ...init))
}

/** A backend answer's JSON body; a non-2xx one thrown as ApiError. */
export async function answerOf<T>(response: Response): Promise<T> {
  // In process the text is kept beside the body, which is then never made a stream to read back.
  const text = keptJsonText(response) ?? (await response.text())
  let body: unknown = {}
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    body = { detail: text.slice(0, 200) }
  }
  if (!response.ok) throw new ApiError(response.status, (body ?? {}) as Record<string, unknown>, response.headers)
  return body as T
}
