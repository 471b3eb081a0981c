import os from 'node:os'

import { serveWork } from '../../runtime/work-pool'

/** A pool's thread for tests/unit/work-pool.test.ts: each task shows one way a task can end. */
serveWork({
  echo: (input: unknown) => input,
  bytes: (size: number) => Buffer.alloc(size, 7),
  fail: (message: string) => {
    throw new Error(message)
  },
  /** Holds the thread's event loop, as a quadratic renderer would. */
  spin: (ms: number) => {
    const end = Date.now() + ms
    while (Date.now() < end);
    return 'spun'
  },
  grow: () => {
    const held: number[][] = []
    for (;;) held.push(Array.from({ length: 100_000 }, (_, index) => index))
  },
  priority: () => os.getPriority(),
})
