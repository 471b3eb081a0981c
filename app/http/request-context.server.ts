import type { OwnProfilePayload } from '#api/users/contract'

import { scopedValue } from '../../runtime/request-scope'

/**
 * A page's wish for its caller's profile and the call that brings it (services/caller-profile.server.ts).
 */
export interface ProfileRide {
  /** The call that brings the profile: undefined when it came without it. */
  carrier?: Promise<OwnProfilePayload | undefined>
  /** No call boards any more: the frame has its answer or asks GET /api/me/. */
  closed: boolean
}

/**
 * Per-request state shared by every loader and action of one HTTP request. The server wraps each
 * request in it so that a token refresh done deep inside a service call can still put the new
 * session cookie on the response.
 */
export interface RequestStore {
  clientAddress?: string
  /** Returns a Set-Cookie value when a service call changed the session (refreshed tokens). */
  pendingSessionCookie?: () => Promise<string>
  cache: Map<string, Promise<unknown>>
  /** What the in-process backend resolved about the caller, shared by this request's calls. */
  apiScope: Map<string, Promise<unknown>>
  /** Set once the frame wants the caller's profile. */
  profileRide?: ProfileRide
}

export const requestStorage = scopedValue<RequestStore>('store')

export const currentRequestStore = () => requestStorage.getStore()

/** Memoises a value for the rest of the request (e.g. the caller's profile, read by several loaders). */
export function perRequest<T>(name: string, compute: () => Promise<T>): Promise<T> {
  const store = currentRequestStore()
  if (!store) return compute()
  let value = store.cache.get(name) as Promise<T> | undefined
  if (!value) {
    value = compute()
    store.cache.set(name, value)
  }
  return value
}

type ApiHandler = (
  request: Request,
  env: {
    clientAddress?: string
    scope?: Map<string, Promise<unknown>>
    deliverProfile?: (profile: OwnProfilePayload) => void
    keepsJsonText?: true
  },
) => Response | Promise<Response>
const handlerKey = Symbol.for('exit-planning.api-handler')
const ofThisBuildKey = Symbol.for('exit-planning.api-of-this-build')
const globals = globalThis as Record<symbol, unknown>

/**
 * The in-process backend, registered by the server entry; absent when the web tier uses API_URL.
 * `ofThisBuild`: it is the backend built with these pages, whose answers the compiler and the API
 * tests hold to the contracts (decision 083); a stand-in of a test is not.
 */
export function registerApiHandler(handler: ApiHandler, { ofThisBuild = false } = {}) {
  globals[handlerKey] = handler
  globals[ofThisBuildKey] = ofThisBuild
}

export const inProcessApi = () => globals[handlerKey] as ApiHandler | undefined

/** Whether the in-process backend is the one built with these pages (the web tier then calls it, not API_URL). */
export const inProcessApiOfThisBuild = () => globals[ofThisBuildKey] === true
