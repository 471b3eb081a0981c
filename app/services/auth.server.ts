import { json, redirect } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'

import { webEnv } from '~/http/env.server'
import { perRequest } from '~/http/request-context.server'
import { GoogleSignInStrategy } from '~/session/google-strategy.server'
import { AUTH_KEY, type AuthSession, getAuthSession, sessionStorage } from '~/session/session.server'
import { ACCESS_DENIED, hasRole } from '~/utils/access'
import { signInPath } from '~/utils/safe-redirect'

import { exchangeGoogleToken, getMe, type Me, obtainToken } from './auth-api.server'
import { profileCarried, wantProfile } from './caller-profile.server'

let authenticator: Authenticator<AuthSession> | undefined

export function getAuthenticator() {
  if (authenticator) return authenticator
  authenticator = new Authenticator<AuthSession>(sessionStorage(), { sessionKey: AUTH_KEY })
  authenticator.use(
    new FormStrategy(async ({ form, request }) =>
      obtainToken(request, {
        username: String(form.get('username') ?? '').trim(),
        password: String(form.get('password') ?? ''),
      }),
    ),
    'form',
  )
  const env = webEnv()
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    authenticator.use(
      new GoogleSignInStrategy<AuthSession>(
        {
          clientID: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          callbackURL: `${env.APP_URL ?? `http://localhost:${env.PORT}`}/auth/google/callback`,
          authorizationURL: env.GOOGLE_AUTHORIZATION_URL,
          tokenURL: env.GOOGLE_TOKEN_URL,
        },
        async ({ request, extraParams }) => exchangeGoogleToken(request, extraParams.id_token),
      ),
      'google',
    )
  }
  return authenticator
}

export const googleConfigured = () => Boolean(webEnv().GOOGLE_CLIENT_ID && webEnv().GOOGLE_CLIENT_SECRET)

/** The signed-in session, or a redirect to /login that remembers where the visitor was going. */
export async function requireUser(request: Request): Promise<AuthSession> {
  const auth = await getAuthSession(request)
  if (!auth) throw redirect(signInPath(request))
  return auth
}

/**
 * The caller as the backend sees them right now (role and organization can change after sign-in):
 * brought by a call the page's loaders start with it, else asked of GET /api/me/ (decision 079).
 */
export function currentUser(request: Request): Promise<Me> {
  return perRequest('me', () => {
    const ride = wantProfile()
    return (async () => {
      await requireUser(request)
      return (await profileCarried(ride)) ?? getMe(request)
    })()
  })
}

/**
 * The caller, and the answer of the page's own call started beside it: the call brings the caller
 * (decision 079), so a loader starts it first and awaits the answer where it handles its failure.
 * A caller that cannot be found (a redirect to sign in) is thrown before the answer is looked at.
 */
export async function withCaller<T>(request: Request, call: Promise<T>): Promise<{ me: Me; answer: Promise<T> }> {
  // Handled where the loader awaits it; the caller may be thrown before that.
  call.catch(() => undefined)
  return { me: await currentUser(request), answer: call }
}

export type Role = 'admin' | 'analyst' | 'member'

/**
 * The caller, when their role is one of `roles` (admins always pass). Anyone else gets a 403 whose
 * `message` the route's error boundary shows inside the app frame: the user stays signed in and on
 * the URL they asked for (spec §2's 'Access Denied' pages).
 */
export async function requireRole(request: Request, roles: Role[], denied: string = ACCESS_DENIED.other) {
  const me = await currentUser(request)
  if (!hasRole(me.role, roles)) throw json({ message: denied }, { status: 403 })
  return me
}

/**
 * requireRole for a page whose call any role may make: started beside the caller it brings
 * (withCaller), its answer unread when the role is refused.
 */
export async function requireRoleWith<T>(request: Request, roles: Role[], call: Promise<T>) {
  const { me, answer } = await withCaller(request, call)
  if (!hasRole(me.role, roles)) throw json({ message: ACCESS_DENIED.other }, { status: 403 })
  return { me, answer }
}

/** The organization administration pages (/admin, its invite page, /admin/users): admins only. */
export const requireAdmin = (request: Request) => requireRole(request, ['admin'], ACCESS_DENIED.administration)
