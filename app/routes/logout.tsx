import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { readForm } from '~/http/read-form.server'
import { revokeSession } from '~/services/auth-api.server'
import { authEvent, flashCookie } from '~/session/flash.server'
import { destroySession, getAuthSession, getSession } from '~/session/session.server'

export const loader = () => redirect('/dashboard')

export async function action({ request }: ActionFunctionArgs) {
  // The header's Sign out form has no fields; any other body is refused as on every page.
  await readForm(request)
  const auth = await getAuthSession(request)
  if (auth) await revokeSession(request, auth.refresh)
  const headers = new Headers()
  headers.append('Set-Cookie', await destroySession(await getSession(request)))
  headers.append(
    'Set-Cookie',
    await flashCookie(request, {
      toast: { type: 'info', message: 'You have been signed out.' },
      authLog: [authEvent('Logout', 'Logged out', 'info')],
    }),
  )
  return redirect('/login', { headers })
}
