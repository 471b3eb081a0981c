// Run in a fresh process by the search benchmark: load time and memory of the default embedder.
import { existsSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { buildCache } from '../../api/ai/embeddings/word-vector-cache'
import { DEFAULT_WORD_VECTORS_CACHE, loadWordVectors, sentenceVector } from '../../api/ai/embeddings/word-vectors'

const gc = (globalThis as { gc?: () => void }).gc
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

if (process.argv.includes('--build')) {
  const scratch = path.join(tmpdir(), `word-vectors-${process.pid}.bin`)
  const started = performance.now()
  buildCache(scratch)
  console.log(JSON.stringify({ buildMs: performance.now() - started, rssMb: mb(process.memoryUsage().rss) }))
  rmSync(scratch, { force: true })
  process.exit(0)
}
if (!existsSync(DEFAULT_WORD_VECTORS_CACHE)) buildCache(DEFAULT_WORD_VECTORS_CACHE)
gc?.()
const before = process.memoryUsage()
const started = performance.now()
const vectors = loadWordVectors(DEFAULT_WORD_VECTORS_CACHE)
const loadMs = performance.now() - started
gc?.()
const after = process.memoryUsage()
const text = 'Our three largest customers account for 62% of revenue; losing one would cut sales sharply. '.repeat(8)
const embedStarted = performance.now()
for (let index = 0; index < 2000; index++) sentenceVector(vectors, text)
const perChunkMs = (performance.now() - embedStarted) / 2000
console.log(
  JSON.stringify({
    loadMs,
    heapMb: mb(after.heapUsed - before.heapUsed),
    arrayBuffersMb: mb(after.arrayBuffers - before.arrayBuffers),
    rssMb: mb(after.rss),
    words: vectors.index.size,
    perChunkMs,
  }),
)
