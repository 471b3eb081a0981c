import { AsyncLocalStorage } from 'node:async_hooks'

type Scope = Readonly<Record<string, unknown>>

const key = Symbol.for('exit-planning.request-scope')
// One instance across the server entry and the Remix bundle, which load this file separately; and
// one for every value a request carries (its log context, its counts, the page's store). Node 20
// gives each AsyncLocalStorage its own hook call and property on every promise made while one is
// active: three of them cost about twice what one does per await (issue 49).
const storage: AsyncLocalStorage<Scope> = ((globalThis as Record<symbol, unknown>)[key] ??=
  new AsyncLocalStorage<Scope>()) as AsyncLocalStorage<Scope>

/** A value that work run with it (and everything it starts) can read, as an AsyncLocalStorage of its own would hold it. */
export interface ScopedValue<T> {
  /** Runs `work` with this value set to `value`; the request's other values stay as they were. */
  run<R>(value: T, work: () => R): R
  getStore(): T | undefined
}

/** A value of the request's scope, named `name` (one name for one kind of value). */
export function scopedValue<T>(name: string): ScopedValue<T> {
  return {
    run: (value, work) => storage.run({ ...storage.getStore(), [name]: value }, work),
    getStore: () => storage.getStore()?.[name] as T | undefined,
  }
}
