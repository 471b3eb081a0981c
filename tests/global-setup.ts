import { existsSync } from 'node:fs'

import { buildCache } from '../api/ai/embeddings/word-vector-cache'
import { DEFAULT_WORD_VECTORS_CACHE } from '../api/ai/embeddings/word-vectors'
import { initdbSnapshot } from '../api/db/initdb-snapshot'

/** Builds the word-vector cache and initdb's snapshot once, before test files run in parallel and would each build them. */
export default async function setup() {
  if (!existsSync(DEFAULT_WORD_VECTORS_CACHE)) buildCache(DEFAULT_WORD_VECTORS_CACHE)
  await initdbSnapshot()
}
