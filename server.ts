import type { IncomingMessage, Server as HttpServer } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { type Context, Hono } from 'hono'
import { compress } from 'hono/compress'

import type { Api } from './api/app'
import { startBackend } from './api/bootstrap'
import { runEntryPoint } from './api/entry-point'
import { measured, newRequestMetrics, serverTiming } from './api/request-metrics'
import { withGeneratedSecrets } from './api/secrets'
import { drainable, onShutdownSignal, SHUTDOWN_GRACE_MS } from './api/shutdown'
import { secureCookies, webEnv } from './app/services/env.server'
import { registerApiHandler, requestStorage, type RequestStore } from './app/services/request-context.server'
import { originSettingsFrom, refuseCrossOrigin } from './app/services/same-origin.server'

type ServerEnv = { Bindings: { incoming: IncomingMessage } }

/**
 * One process serves the pages and the /api backend. A small Hono server rather than remix-serve,
 * because the web tier needs the client's socket address (per-address sign-in rate limit) and a
 * per-request context for token refreshes, which remix-serve does not pass to loaders.
 */
async function main() {
  Object.assign(process.env, withGeneratedSecrets(process.env))
  const env = process.env
  webEnv() // fail fast on a bad web setting, before anything starts
  let stopBackend = async (_graceMs: number) => {}
  let closeDatabase = async () => {}
  let signIns: string | undefined
  let api: Api | undefined
  // Links in e-mails point at this server unless a public origin is configured.
  env.APP_URL ??= `http://localhost:${env.PORT ?? 3000}`
  if (!env.API_URL) {
    const backend = await startBackend(env)
    api = backend.api
    registerApiHandler((request, bindings) => backend.api.fetch(request, bindings))
    stopBackend = (graceMs) => backend.backend.stop({ graceMs })
    closeDatabase = () => backend.database.close()
    signIns = backend.signIns
  }

  const buildPath = path.resolve(env.REMIX_BUILD_PATH ?? 'build/index.js')
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild
  const handleRemix = createRequestHandler(build, env.NODE_ENV)

  const app = new Hono<ServerEnv>()
  // Where the session cookie is Secure the site is served over https only: browsers may as well
  // never try plain http (decision 005).
  if (secureCookies()) {
    app.use(async (c, next) => {
      await next()
      c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    })
  }
  app.use(compress())
  app.use(
    '/build/*',
    serveStatic({
      root: './public',
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  )
  app.use(
    '/favicon.svg',
    serveStatic({ root: './public', onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=3600') }),
  )
  // Page and resource-route actions act on the session cookie, so forms from other origins are
  // refused. /api is left out: it authenticates with bearer tokens only, never the cookie (decision 005).
  const originSettings = originSettingsFrom(env)
  const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')
  app.use(async (c, next) =>
    isApiPath(c.req.path) ? next() : (refuseCrossOrigin(c.req.raw, originSettings) ?? next()),
  )
  // Other clients of the in-process backend reach it straight, each call with a scope of its own;
  // with API_URL set, the `api.$` route forwards them.
  if (api) {
    const backendApi = api
    const callApi = (c: Context<ServerEnv>) =>
      backendApi.fetch(c.req.raw, { clientAddress: c.env.incoming.socket.remoteAddress })
    app.all('/api', callApi)
    app.all('/api/*', callApi)
  }
  app.all('*', (c) => {
    const store: RequestStore = {
      clientAddress: c.env.incoming.socket.remoteAddress,
      cache: new Map(),
      apiScope: new Map(),
    }
    const metrics = newRequestMetrics()
    const started = performance.now()
    return measured(metrics, () =>
      requestStorage.run(store, async () => {
        // Its headers are ours to change: Remix makes every response of a page or resource route here
        // (api.$ remakes what it proxies).
        const response = await handleRemix(c.req.raw, { clientAddress: store.clientAddress })
        const sessionAlreadySet = (response.headers.get('Set-Cookie') ?? '').includes('__session=')
        if (store.pendingSessionCookie && !sessionAlreadySet) {
          response.headers.append('Set-Cookie', await store.pendingSessionCookie())
        }
        // What the page cost the backend, for the browser's network panel and the tests (issue 12).
        response.headers.set('Server-Timing', serverTiming(metrics, performance.now() - started))
        return response
      }),
    )
  })

  const port = Number(env.PORT ?? 3000)
  const server = serve({ fetch: app.fetch, port }, (info) => {
    if (signIns) console.log(signIns)
    console.log(`Exit Planner is ready at http://localhost:${info.port}`)
  })
  // Requests in flight and running jobs (aborted, handed back to the queue) share one grace period;
  // the database they both use closes after them.
  const http = drainable(server as HttpServer)
  onShutdownSignal(async () => {
    await Promise.all([http.close(SHUTDOWN_GRACE_MS), stopBackend(SHUTDOWN_GRACE_MS)])
    await closeDatabase()
  })
}

runEntryPoint(main)
