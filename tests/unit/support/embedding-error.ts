import { expect } from 'vitest'

import { EmbeddingError } from '../../../api/ai/embeddings/provider'

/** The EmbeddingError a provider call rejects with; fails the test if it resolves or throws anything else. */
export async function embeddingError(promise: Promise<unknown>): Promise<EmbeddingError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(EmbeddingError)
  return error as EmbeddingError
}
