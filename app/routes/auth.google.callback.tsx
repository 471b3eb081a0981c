import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { AuthorizationError } from 'remix-auth'

import { getAuthenticator, googleConfigured } from '~/services/auth.server'
import { LoginError } from '~/services/auth-api.server'
import { authEvent, flashCookie } from '~/session/flash.server'
import { createUserSession } from '~/session/user-session.server'

/** Google sends the browser back here; the strategy exchanges Google's ID token at /api/users/google/. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!googleConfigured()) {
    return redirect('/login', {
      headers: {
        'Set-Cookie': await flashCookie(request, {
          loginError: 'Google login is not properly configured. Please contact support.',
        }),
      },
    })
  }
  let auth
  try {
    auth = await getAuthenticator().authenticate('google', request, { throwOnError: true })
  } catch (error) {
    if (error instanceof Response) throw error
    // Only our own sign-in messages (spec §8) are shown; the OAuth library's and Google's raw answers
    // ("Missing state on session.", an invalid_grant body) mean nothing to the user.
    const message =
      error instanceof AuthorizationError && error.cause instanceof LoginError
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
  return createUserSession(request, auth, {
    redirectTo: '/dashboard',
    authLog: [authEvent('GoogleLogin', 'Google login successful', 'success')],
  })
}
