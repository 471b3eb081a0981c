import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { AuthorizationError } from 'remix-auth'
import { getAuthenticator, googleConfigured } from '~/services/auth.server'
import { authEvent, flashCookie } from '~/services/flash.server'
import { AUTH_KEY, ORGANIZATION_KEY, commitSession, getSession } from '~/services/session.server'

/** Google sends the browser back here; the strategy exchanges Google's ID token at /api/users/google/. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!googleConfigured()) {
    return redirect('/login', {
      headers: { 'Set-Cookie': await flashCookie(request, { loginError: 'Google login is not properly configured. Please contact support.' }) },
    })
  }
  let auth
  try {
    auth = await getAuthenticator().authenticate('google', request, { throwOnError: true })
  } catch (error) {
    if (error instanceof Response) throw error
    const message =
      error instanceof AuthorizationError && error.message
        ? error.message
        : 'Failed to initialize Google login. Please try again later.'
    return redirect('/login', {
      headers: {
        'Set-Cookie': await flashCookie(request, {
          loginError: message,
          authLog: [authEvent('GoogleLogin', message, 'error')],
        }),
      },
    })
  }
  const session = await getSession(request)
  session.set(AUTH_KEY, auth)
  session.set(ORGANIZATION_KEY, auth.user.organization?.slug ?? null)
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession(session))
  headers.append(
    'Set-Cookie',
    await flashCookie(request, { authLog: [authEvent('GoogleLogin', 'Google login successful', 'success')] }),
  )
  return redirect('/dashboard', { headers })
}
