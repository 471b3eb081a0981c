import type { AppContext, AppEnv } from './hono-env'

export type { RequestScope } from './context'

export function memo<T, E extends AppEnv>(c: AppContext<E>, key: string, compute: () => Promise<T>): Promise<T> {
  const scope = c.get('scope')
  let value = scope.get(key) as Promise<T> | undefined
  if (!value) {
    value = compute()
    scope.set(key, value)
    // A refusal (a revoked session, a 404) is thrown again by the next call, not remembered.
    value.catch(() => scope.delete(key))
  }
  return value
}
