import { redirect } from '@remix-run/node'

import type { AuthLogEntry } from '~/utils/auth-log'
import { safeRedirect } from '~/utils/safe-redirect'
import type { Toast } from '~/utils/toast'

import { flashCookie } from './flash.server'
import { AUTH_KEY, type AuthSession, commitSession, getSession, ORGANIZATION_KEY } from './session.server'

/**
 * Signs the browser in: stores the backend's tokens and the current organization in the session,
 * hands the sign-in events to the debug panel (and a toast, if any) through the flash, and redirects.
 * Used by every way in: the sign-in form, Google's callback and an account created from an invitation.
 */
export async function createUserSession(
  request: Request,
  auth: AuthSession,
  options: {
    redirectTo: string | null | undefined
    /** The organization to work in; by default the one the backend reports for the user. */
    organizationSlug?: string | null
    authLog: AuthLogEntry[]
    toast?: Omit<Toast, 'id'>
  },
) {
  const session = await getSession(request)
  session.set(AUTH_KEY, auth)
  session.set(ORGANIZATION_KEY, options.organizationSlug ?? auth.user.organization?.slug ?? null)
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession(session))
  headers.append('Set-Cookie', await flashCookie(request, { toast: options.toast, authLog: options.authLog }))
  return redirect(safeRedirect(options.redirectTo), { headers })
}
