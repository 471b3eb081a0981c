import { createCookie, createCookieSessionStorage, type Session } from '@remix-run/node'

import type { UserPayload } from '#api/auth/contract'
import { secureCookies, webEnv } from '~/http/env.server'
import { currentRequestStore, perRequest } from '~/http/request-context.server'

import { keptCookie } from './kept-cookie.server'

/** The user as the session cookie keeps them: the backend's user without what the header never shows. */
export type SessionUser = Omit<UserPayload, 'last_login' | 'date_joined'>

/** What a signed-in browser carries: the backend's tokens and the user they belong to. */
export interface AuthSession {
  access: string
  refresh: string
  user: SessionUser
}

export const AUTH_KEY = 'auth'
export const ORGANIZATION_KEY = 'organizationSlug'

let storage: ReturnType<typeof createStorage> | undefined

function createStorage() {
  return createCookieSessionStorage({
    cookie: keptCookie(
      createCookie('__session', {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: secureCookies(),
        secrets: webEnv().SESSION_SECRET,
        maxAge: 60 * 60 * 24 * 30,
      }),
    ),
  })
}

export function sessionStorage() {
  return (storage ??= createStorage())
}

/** The request's session, shared by every loader of the request so token refreshes are seen by all. */
export function getSession(request: Request): Promise<Session> {
  return perRequest('session', () => sessionStorage().getSession(request.headers.get('Cookie')))
}

export async function getAuthSession(request: Request): Promise<AuthSession | undefined> {
  return (await getSession(request)).get(AUTH_KEY)
}

/** Stores new tokens and asks the server to send the updated cookie with whatever response follows. */
export async function updateTokens(request: Request, tokens: { access: string; refresh: string }) {
  const session = await getSession(request)
  const auth = session.get(AUTH_KEY) as AuthSession | undefined
  if (!auth) return
  session.set(AUTH_KEY, { ...auth, ...tokens })
  const store = currentRequestStore()
  if (store) store.pendingSessionCookie = () => sessionStorage().commitSession(session)
}

export const commitSession = (session: Session) => sessionStorage().commitSession(session)
export const destroySession = (session: Session) => sessionStorage().destroySession(session)

/** Makes `slug` the current organization (spec §4 "Organization context"); returns the Set-Cookie value. */
export async function selectOrganization(request: Request, slug: string | null) {
  const session = await getSession(request)
  session.set(ORGANIZATION_KEY, slug)
  return commitSession(session)
}
