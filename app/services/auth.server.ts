import { redirect } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { GoogleStrategy } from 'remix-auth-google'
import { signInPath } from '~/utils/safe-redirect'
import { exchangeGoogleToken, getMe, obtainToken } from './auth-api.server'
import { webEnv } from './env.server'
import { perRequest } from './request-context.server'
import { AUTH_KEY, type AuthSession, getAuthSession, sessionStorage } from './session.server'

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
      new GoogleStrategy(
        {
          clientID: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          callbackURL: `${env.APP_URL ?? `http://localhost:${env.PORT}`}/auth/google/callback`,
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

/** Lets admins always pass; others need one of the roles, else they go to /unauthorized. */
export async function requireRole(request: Request, roles: Role[]) {
  const me = await currentUser(request)
  if (me.role !== 'admin' && !roles.includes(me.role)) throw redirect('/unauthorized')
  return me
}
