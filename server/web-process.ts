import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { createAdaptorServer } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { type Context, Hono } from 'hono'
import { compress } from 'hono/compress'

import type { Api } from '../api/app'
import { setHeader } from '../api/kernel/response-headers'
import { secureCookies } from '../app/http/env.server'
import { registerApiHandler, requestStorage, type RequestStore } from '../app/http/request-context.server'
import { originSettingsFrom, refuseCrossOrigin } from '../app/http/same-origin.server'
import { STATIC_PAGE_HEADER } from '../app/http/static-page'
import { uploadStagingAreas } from '../app/http/upload-staging.server'
import { log, loggedPath, newRequestId, requestEnd, saneRequestId, withLogContext } from '../runtime/log'
import { collectWhenIdle } from '../runtime/memory'
import { measured, newRequestMetrics, serverTiming } from '../runtime/request-metrics'
import { drainable, SHUTDOWN_GRACE_MS } from '../runtime/shutdown'
import { keepSwept } from '../runtime/staging-sweeps'
import { attachBackend, type Primary, startBackend } from './bootstrap'
import { signalLoad } from './load-signals'

type ServerEnv = { Bindings: { incoming: IncomingMessage } }

const IDLE_COLLECT_MS = 20_000

/** How this web process reaches its backend. */
export type BackendMode =
  /** The whole backend here, jobs included: a server in one process. */
  | { kind: 'own' }
  /** The API here, on the database, jobs and model of the primary (a server in several processes). */
  | { kind: 'attached'; primary: Primary }

/**
 * Serves the pages and the /api backend on one port: a small Hono server rather than remix-serve,
 * because the web tier needs the client's socket address (per-address sign-in rate limit) and a
 * per-request context for token refreshes, which remix-serve does not pass to loaders (decision 001).
 * Resolves once ready to serve, with its HTTP server, which does not listen yet (alone it listens on
 * its port, `listen`; beside a primary it is handed its connections, decision 045), and with what
 * stops it: requests in flight and this process's jobs share one grace period, and the database
 * closes after them.
 */
export async function serveWeb(env: NodeJS.ProcessEnv, mode: BackendMode, load?: Parameters<typeof signalLoad>[1]) {
  let stopBackend = async (_graceMs: number) => {}
  let closeDatabase = async () => {}
  let signIns: string | undefined
  let api: Api | undefined
  if (!env.API_URL) {
    const own = mode.kind === 'own' ? await startBackend(env) : undefined
    const backend = own ?? (await attachBackend(env, (mode as Extract<BackendMode, { kind: 'attached' }>).primary))
    signIns = own?.signIns
    api = backend.api
    registerApiHandler((request, bindings) => backend.api.fetch(request, bindings), { ofThisBuild: true })
    stopBackend = (graceMs) => backend.backend.stop({ graceMs })
    closeDatabase = () => backend.database.close()
  } else {
    // A web tier on a backend elsewhere has no process of its own that sweeps: each web process
    // sweeps its pages' staging from its start, so a killed one's is removed by the next (decision 048).
    const stops = uploadStagingAreas(env).map((area) => keepSwept(area))
    stopBackend = async () => stops.forEach((stop) => stop())
  }

  const buildPath = path.resolve(env.REMIX_BUILD_PATH ?? 'build/index.js')
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild
  const handleRemix = createRequestHandler(build, env.NODE_ENV)

  const app = new Hono<ServerEnv>()
  const originSettings = originSettingsFrom(env)
  // One id per request, in its X-Request-Id answer and on every log line of its work: the page's,
  // the in-process API calls it makes (they run inside this context) and the jobs they queue. A
  // proxy's id is kept only from a proxy we trust; a client could otherwise write anything there.
  app.use(async (c, next) => {
    const forwarded = originSettings.trustProxy ? saneRequestId(c.req.header('x-request-id')) : undefined
    const requestId = forwarded ?? newRequestId()
    await withLogContext({ requestId }, next)
    setHeader(c, 'X-Request-Id', requestId)
  })
  // Where the session cookie is Secure the site is served over https only: browsers may as well
  // never try plain http (decision 005).
  if (secureCookies()) {
    app.use(async (c, next) => {
      await next()
      setHeader(c, 'Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    })
  }
  // Under load the heap grows to what fifty pages in flight need; once requests stop it is given
  // back instead of held until the next burst (issue 12: idle memory).
  const idle = collectWhenIdle(IDLE_COLLECT_MS)
  app.use(async (_c, next) => {
    idle.active()
    await next()
  })
  app.use(compress())
  // Named before compress looks: it would add the name with `c.header`, remaking the answer
  // (api/kernel/response-headers.ts). What it compresses, or could, varies with Accept-Encoding.
  app.use(async (c, next) => {
    await next()
    const vary = c.res.headers.get('Vary')
    if (!vary) setHeader(c, 'Vary', 'Accept-Encoding')
    else if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))
      setHeader(c, 'Vary', `${vary}, Accept-Encoding`)
  })
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
        const render = (request: Request) => handleRemix(request, { clientAddress: store.clientAddress })
        const response = await framedNotFound(c.req.raw, await render(c.req.raw), render)
        const sessionAlreadySet = (response.headers.get('Set-Cookie') ?? '').includes('__session=')
        if (store.pendingSessionCookie && !sessionAlreadySet) {
          response.headers.append('Set-Cookie', await store.pendingSessionCookie())
        }
        const durationMs = performance.now() - started
        // What the page cost the backend, for the browser's network panel and the tests (issue 12).
        response.headers.set('Server-Timing', serverTiming(metrics, durationMs))
        log.info(
          {
            method: c.req.method,
            path: loggedPath(c.req.path),
            ...requestEnd(c.req.raw.signal, response.status),
            ms: Math.round(durationMs * 10) / 10,
            apiCalls: metrics.apiCalls,
            sqlStatements: metrics.sqlStatements,
          },
          c.req.raw.signal.aborted ? 'page request abandoned by the browser' : 'page request',
        )
        return response
      }),
    )
  })

  const server = createAdaptorServer({ fetch: app.fetch }) as HttpServer
  const http = drainable(server)
  const signals = load && signalLoad(server, load)
  return {
    server,
    signIns,
    async stop() {
      idle.stop()
      signals?.stop()
      await Promise.all([http.close(SHUTDOWN_GRACE_MS), stopBackend(SHUTDOWN_GRACE_MS)])
      await closeDatabase()
    },
  }
}

// No route claims it, so the catch-all under the app's layout (app/routes/_app.$.tsx) answers it.
const UNCLAIMED_PATH = '/not-found'

/**
 * A file route's 404 (an export or a download that does not exist) is a line of plain text: a
 * browser that asked for a page gets the app's own 404 page instead, with its header, at the same
 * address. Data requests and other clients keep the text.
 */
async function framedNotFound(request: Request, response: Response, render: (request: Request) => Promise<Response>) {
  const wantsPage = request.method === 'GET' && (request.headers.get('Accept') ?? '').includes('text/html')
  if (response.status !== 404 || !wantsPage || (response.headers.get('Content-Type') ?? '').includes('text/html'))
    return response
  const headers = new Headers(request.headers)
  headers.set(STATIC_PAGE_HEADER, '1')
  const page = await render(new Request(new URL(UNCLAIMED_PATH, request.url), { headers }))
  return page.status === 404 ? page : response
}

/** A server in one process listens on its port itself; resolves with the port once it does. */
export function listen(server: HttpServer, port: number) {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, () => resolve((server.address() as AddressInfo).port))
  })
}
