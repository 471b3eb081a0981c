import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { getAuthenticator, googleConfigured } from '~/services/auth.server'

export const loader = () => redirect('/login')

/** Starts Google's OAuth flow (a POST, so a link cannot sign anyone in by surprise). */
export async function action({ request }: ActionFunctionArgs) {
  if (!googleConfigured()) return redirect('/login')
  return getAuthenticator().authenticate('google', request)
}
