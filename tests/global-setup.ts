import { existsSync } from 'node:fs'

import { buildCache } from '../api/ai/embeddings/word-vector-cache'
import { DEFAULT_WORD_VECTORS_CACHE } from '../api/ai/embeddings/word-vectors'

/** Builds the word-vector cache once, before test files run in parallel and would each build it. */
export default function setup() {
  if (!existsSync(DEFAULT_WORD_VECTORS_CACHE)) buildCache(DEFAULT_WORD_VECTORS_CACHE)
}
