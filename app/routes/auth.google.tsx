import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { readForm } from '~/http/read-form.server'
import { getAuthenticator, googleConfigured } from '~/services/auth.server'

export const loader = () => redirect('/login')

/** Starts Google's OAuth flow (a POST, so a link cannot sign anyone in by surprise). */
export async function action({ request }: ActionFunctionArgs) {
  // The sign-in page's button has no fields; any other body is refused as on every page. A copy
  // is read: the strategy reads the request again.
  await readForm(request.clone())
  if (!googleConfigured()) return redirect('/login')
  return getAuthenticator().authenticate('google', request)
}
