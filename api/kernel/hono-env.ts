import type { IncomingMessage } from 'node:http'

import type { Context } from 'hono'

import type { Caller, Deps, RequestScope } from './context'

/**
 * What a call carries from middleware to its handler. The kernel's own; a middleware above it that
 * sets one more declares it beside itself, by declaration merging (auth/middleware.ts, `user`).
 */
export interface CallVariables {
  deps: Deps
  caller: Caller
  scope: RequestScope
}

/**
 * What the server gives a call beside its request; a module that reads one more declares it beside
 * itself, by declaration merging (users/caller-profile.ts, `deliverProfile`).
 */
export interface CallBindings {
  /** Set by the in-process web server, which knows the socket. */
  clientAddress?: string
  /** Set by @hono/node-server when the API runs on its own. */
  incoming?: IncomingMessage
  /** Set by the in-process web server: shared by every call one page request makes. */
  scope?: RequestScope
}

/** The Hono environment of every route of the API. */
export type AppEnv = {
  Bindings: CallBindings
  Variables: CallVariables
}

/** A call's context; routes below a middleware that sets more variables have a wider `E`. */
export type AppContext<E extends AppEnv = AppEnv> = Context<E>

export function clientAddress(c: AppContext): string {
  const forwarded = c.get('deps').config.TRUST_PROXY
    ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    : undefined
  return forwarded || c.env?.clientAddress || c.env?.incoming?.socket.remoteAddress || 'unknown'
}
