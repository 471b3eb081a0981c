/** Which side of retrieval a text is on: asymmetric models embed questions and passages differently. */
export type EmbeddingKind = 'query' | 'passage'

/**
 * Turns texts into unit-length vectors. Every stored vector records `model`, and vectors of
 * different models are never compared: after a provider change, `npm run reindex` re-embeds.
 */
export interface EmbeddingProvider {
  /** Names the model and everything that shapes its vectors, e.g. `openai:text-embedding-3-small@256`. */
  readonly model: string
  /**
   * The cosine similarity two unrelated texts typically have with this model. Averaged word vectors
   * sit far above zero; search rescales similarity from here so 0 means "unrelated" for every model.
   */
  readonly baselineSimilarity: number
  /**
   * The share of semantic similarity in hybrid ranking (the rest is lexical), when
   * SEARCH_SEMANTIC_WEIGHT does not set it. Weak vectors earn a small share; 0.5 when unset.
   */
  readonly hybridWeight?: number
  /** One vector per text, in order, each of length 1. */
  embed(texts: string[], kind: EmbeddingKind): Promise<Float32Array[]>
  /**
   * Loads the model now. Servers call it at start, so neither the first search nor a misconfigured model
   * waits for a user.
   */
  warm?(): Promise<void>
  close?(): Promise<void>
}

export class EmbeddingError extends Error {
  name = 'EmbeddingError'
}

/** Scales a vector to length 1 in place; a zero vector (no known word) stays zero. */
export function normalize(vector: Float32Array | Float64Array): Float32Array {
  let sum = 0
  for (const value of vector) sum += value * value
  const length = Math.sqrt(sum)
  const out = vector instanceof Float32Array ? vector : Float32Array.from(vector)
  if (length > 0) for (let index = 0; index < out.length; index++) out[index] = vector[index]! / length
  return out
}

/**
 * Embeds many texts a batch at a time, yielding to the event loop between batches so a large
 * document never holds up the requests this process also serves.
 */
export async function embedAll(provider: EmbeddingProvider, texts: string[], kind: EmbeddingKind, batchSize: number) {
  const vectors: Float32Array[] = []
  for (let start = 0; start < texts.length; start += batchSize) {
    vectors.push(...(await provider.embed(texts.slice(start, start + batchSize), kind)))
    await new Promise((resolve) => setImmediate(resolve))
  }
  return vectors
}

/**
 * `provider` with its vectors made elsewhere: the web processes of a server in several ask the
 * primary, which holds a local model once instead of once per process (decision 012). The model's
 * name and scales are the provider's own, so vectors compare exactly as if made here.
 */
export function embeddedElsewhere(
  provider: EmbeddingProvider,
  embed: (texts: string[], kind: EmbeddingKind) => Promise<Float32Array[]>,
): EmbeddingProvider {
  return {
    model: provider.model,
    baselineSimilarity: provider.baselineSimilarity,
    hybridWeight: provider.hybridWeight,
    embed,
  }
}

declare module '../../kernel/context' {
  interface Deps {
    embeddings: EmbeddingProvider
  }
}
