import { createHash } from 'node:crypto'

import { LRUCache } from 'lru-cache'

import { log } from '../../runtime/log'
import { threadBundle } from '../../runtime/thread-bundle'
import { workPool, WorkRefused } from '../../runtime/work-pool'

// Parsing Markdown costs 10-450 ms for 8,000 characters, by shape (decision 049): a conversation of
// long messages would hold a web process's event loop for seconds on every view. It is rendered in
// a thread, a page's pieces in batches, and kept: a message does not change once saved.
const pool = workPool({
  name: 'page',
  entry: () => threadBundle('app/render/markdown-thread.server.tsx'),
  threads: 1,
  queue: 16,
  perOwner: 4,
  deadlineMs: 10_000,
})
const BATCH_CHARS = 32_000
// What one page waits for its pieces at most; the rest is shown as text, and rendered on a next view.
const PAGE_BUDGET_MS = 8_000
const rendered = new LRUCache<string, string>({
  maxSize: 32 * 2 ** 20,
  sizeCalculation: (html) => html.length + 64,
})

const keyOf = (markdown: string) => createHash('sha256').update(markdown).digest('base64')

/**
 * Each piece of Markdown as the Markdown component renders it (~/components/markdown.tsx), made off
 * this event loop; null for a piece not rendered (the server was busy, or the page's budget was
 * spent), which the page shows as plain text. `owner` is the user the page is for.
 */
export async function markdownHtml(pieces: string[], owner: number): Promise<Array<string | null>> {
  const keys = pieces.map(keyOf)
  const missing = [...new Map(pieces.map((piece, index) => [keys[index]!, piece])).entries()].filter(
    ([key, piece]) => piece && !rendered.has(key),
  )
  const started = performance.now()
  for (let start = 0; start < missing.length && performance.now() - started < PAGE_BUDGET_MS;) {
    let end = start
    for (
      let chars = 0;
      end < missing.length && (end === start || chars + missing[end]![1].length <= BATCH_CHARS);
      end++
    )
      chars += missing[end]![1].length
    const batch = missing.slice(start, end)
    try {
      const html = await pool.run<string[]>(
        'html',
        batch.map(([, piece]) => piece),
        { owner: String(owner) },
      )
      batch.forEach(([key], index) => rendered.set(key, html[index]!))
    } catch (error) {
      if (!(error instanceof WorkRefused)) throw error
      log.warn({ reason: error.reason, pieces: missing.length - start }, 'messages shown as text: not rendered in time')
      break
    }
    start = end
  }
  return pieces.map((piece, index) => (piece ? (rendered.get(keys[index]!) ?? null) : ''))
}
