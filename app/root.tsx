import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches } from '@remix-run/react'
import { type ReactNode, useEffect } from 'react'

import { visitorTimeZone } from '~/services/time-zone.server'

import { FollowLinks } from './components/app-link'
import { DebugPanel } from './components/debug-panel'
import { GeneralErrorBoundary } from './components/error-boundary'
import { useNonce } from './components/nonce'
import { Toaster } from './components/toaster'
import { useFocusAfterNavigation } from './components/use-focus-after-navigation'
import { errorReference } from './http/error-reference.server'
import { STATIC_PAGE_HEADER } from './http/static-page'
import { readFlash } from './session/flash.server'
import appStyles from './styles/app.css'
import { appendAuthLog } from './utils/auth-log'
import { pageMeta } from './utils/meta'
import { timeZoneCheckScript } from './utils/time-zone-hint'

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: appStyles },
]

export const meta: MetaFunction = () => pageMeta('Exit Planner')

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, authLog, loginError, setCookie } = await readFlash(request)
  return json(
    {
      toast,
      authLog,
      loginError,
      // Shown by the error page when this very request fails; see error-reference.server.ts.
      errorReference: errorReference(request),
      timeZone: visitorTimeZone(request),
      // A page the web server draws in place of a file route's 404 (server/web-process.ts): at an
      // address the browser's router would give to that file route, so it is not hydrated.
      hydrate: request.headers.get(STATIC_PAGE_HEADER) !== '1',
    },
    { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
  )
}

function Document({ children, hydrate = true }: { children: ReactNode; hydrate?: boolean }) {
  const nonce = useNonce()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: timeZoneCheckScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <FollowLinks>{children}</FollowLinks>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  )
}

export default function App() {
  const { authLog, hydrate } = useLoaderData<typeof loader>()
  useEffect(() => appendAuthLog(...authLog), [authLog])
  useFocusAfterNavigation()
  // The signed-in frame places its own toaster (routes/_app.tsx).
  const framed = useMatches().some((match) => match.id === 'routes/_app')
  return (
    <Document hydrate={hydrate}>
      <Outlet />
      {framed ? null : <Toaster />}
      <DebugPanel />
    </Document>
  )
}

/** The last resort, when even the layouts failed: no header, no loader data to count on. */
export function ErrorBoundary() {
  return (
    <Document>
      <GeneralErrorBoundary standalone />
    </Document>
  )
}
