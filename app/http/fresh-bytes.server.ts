import { randomFillSync } from 'node:crypto'

const POOL_BYTES = 4096
let pool = Buffer.alloc(0)
let used = 0

/**
 * Random bytes for a page: its script nonce and its error reference. Drawn from the system 4 KB at
 * a time, as Node draws the ids of `randomUUID`, instead of twice a page (2% of a signed-in page's
 * CPU, issue 49); every byte is handed out once.
 */
export function freshBytes(size: number): Buffer {
  if (used + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(Math.max(POOL_BYTES, size)))
    used = 0
  }
  used += size
  return pool.subarray(used - size, used)
}
