import { createCookie, createCookieSessionStorage, redirect } from '@remix-run/node'

import { secureCookies, webEnv } from '~/http/env.server'
import type { AuthLogEntry } from '~/utils/auth-log'
import type { Toast } from '~/utils/toast'

import { keptCookie } from './kept-cookie.server'

interface Flash {
  toast?: Toast
  authLog?: AuthLogEntry[]
  /** A sign-in failure that happened away from the login form (Google's callback). */
  loginError?: string
}

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { flash: Flash }>> | undefined
const flashStorage = () =>
  (storage ??= createCookieSessionStorage<Record<string, never>, { flash: Flash }>({
    // Read on every page, mostly to find there is none.
    cookie: keptCookie(
      createCookie('en_flash', {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: secureCookies(),
        secrets: webEnv().SESSION_SECRET,
      }),
    ),
  }))

export const authEvent = (
  source: string,
  message: string,
  type: AuthLogEntry['type'] = 'info',
  data?: unknown,
): AuthLogEntry => ({ timestamp: new Date().toISOString(), source, message, type, data })

/** A Set-Cookie value that shows a toast (and hands auth events to the debug panel) on the next page. */
export async function flashCookie(
  request: Request,
  flash: { toast?: Omit<Toast, 'id'>; authLog?: AuthLogEntry[]; loginError?: string },
) {
  const session = await flashStorage().getSession(request.headers.get('Cookie'))
  const previous = (session.get('flash') as Flash | undefined) ?? {}
  const next: Flash = {
    toast: flash.toast ? { id: crypto.randomUUID(), ...flash.toast } : previous.toast,
    authLog: [...(previous.authLog ?? []), ...(flash.authLog ?? [])],
    loginError: flash.loginError ?? previous.loginError,
  }
  session.flash('flash', next)
  return flashStorage().commitSession(session)
}

export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Omit<Toast, 'id'>,
  init: { headers?: HeadersInit; authLog?: AuthLogEntry[] } = {},
) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await flashCookie(request, { toast, authLog: init.authLog }))
  return redirect(url, { headers })
}

/** Reads and clears the flash: the toast to render and the auth events for the debug panel. */
export async function readFlash(request: Request) {
  const session = await flashStorage().getSession(request.headers.get('Cookie'))
  const flash = (session.get('flash') as Flash | undefined) ?? {}
  const setCookie =
    flash.toast || flash.authLog?.length || flash.loginError ? await flashStorage().commitSession(session) : null
  return { toast: flash.toast ?? null, authLog: flash.authLog ?? [], loginError: flash.loginError ?? null, setCookie }
}
