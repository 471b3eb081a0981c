import { createHash } from 'node:crypto'

import { LRUCache } from 'lru-cache'

/**
 * Results a process keeps under a key that names everything they were computed from, so that a
 * changed input is a new key and never an older result: an organization's search generation, the
 * versions of its documents. Bounded by entries, and by `size` when given.
 */
export function keptResults<V extends object>(options: { max: number; maxSize?: number; size?: (value: V) => number }) {
  const cache = new LRUCache<string, V>({
    max: options.max,
    ...(options.maxSize && options.size ? { maxSize: options.maxSize, sizeCalculation: options.size } : {}),
  })
  return {
    /** The kept result for `key`, else `compute`'s, kept. A long key is kept as its digest. */
    async get(key: unknown[], compute: () => Promise<V>) {
      const written = JSON.stringify(key)
      const id = written.length > 200 ? createHash('sha256').update(written).digest('base64') : written
      const cached = cache.get(id)
      if (cached) return cached
      const result = await compute()
      cache.set(id, result)
      return result
    },
  }
}
