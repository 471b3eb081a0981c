import { json, redirect } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'

import { webEnv } from '~/http/env.server'
import { perRequest } from '~/http/request-context.server'
import { GoogleSignInStrategy } from '~/session/google-strategy.server'
import { AUTH_KEY, type AuthSession, getAuthSession, sessionStorage } from '~/session/session.server'
import { ACCESS_DENIED, hasRole } from '~/utils/access'
import { signInPath } from '~/utils/safe-redirect'

import { exchangeGoogleToken, getMe, obtainToken } from './auth-api.server'

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

/** The caller as the backend sees them right now (role and organization can change after sign-in). */
export async function currentUser(request: Request) {
  await requireUser(request)
  return perRequest('me', () => getMe(request))
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

/** The organization administration pages (/admin, its invite page, /admin/users): admins only. */
export const requireAdmin = (request: Request) => requireRole(request, ['admin'], ACCESS_DENIED.administration)
