import type { AppContext } from './context'

/**
 * What one call works out about its caller (the checked token and user, their memberships), kept
 * for the rest of the call. A page of the web tier makes several in-process calls for one browser
 * request and passes one scope to all of them, so the caller is resolved once per page; a call
 * that changes data clears it (api-fetch.server.ts), so nothing read before a change is reused.
 */
export type RequestScope = Map<string, Promise<unknown>>

export function memo<T>(c: AppContext, key: string, compute: () => Promise<T>): Promise<T> {
  const scope = c.var.scope
  let value = scope.get(key) as Promise<T> | undefined
  if (!value) {
    value = compute()
    scope.set(key, value)
    // A refusal (a revoked session, a 404) is thrown again by the next call, not remembered.
    value.catch(() => scope.delete(key))
  }
  return value
}
