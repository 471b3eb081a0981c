import type OpenAI from 'openai'

import type { ApiConfig } from '../../kernel/config'
import { openAiClient } from '../openai-client'
import { describeFailure, describeServer } from '../openai-failures'
import { EmbeddingError, type EmbeddingKind, type EmbeddingProvider, normalize } from './provider'

export interface OpenAiEmbeddingOptions {
  /** Per request; the SDK retries timeouts too, so the worst case is about (maxRetries + 1) × this. */
  timeoutMs?: number
  maxRetries?: number
}

/** Any OpenAI-compatible `/v1/embeddings` server: OpenAI, Ollama, vLLM, TEI. */
export function createOpenAiEmbeddingProvider(
  config: ApiConfig,
  { timeoutMs = 60_000, maxRetries = 2 }: OpenAiEmbeddingOptions = {},
): EmbeddingProvider {
  const { EMBEDDING_BASE_URL: baseURL, EMBEDDING_MODEL: modelName, EMBEDDING_DIMENSIONS: dimensions } = config
  if (!baseURL || !modelName)
    throw new EmbeddingError('The openai embedding provider needs EMBEDDING_BASE_URL and EMBEDDING_MODEL')
  const apiKey = config.EMBEDDING_API_KEY
  const server = describeServer(baseURL)
  const client = openAiClient({ baseURL, apiKey, timeoutMs, maxRetries })
  const prefixes: Record<EmbeddingKind, string> = {
    query: config.EMBEDDING_QUERY_PREFIX,
    passage: config.EMBEDDING_PASSAGE_PREFIX,
  }
  const batchSize = config.EMBEDDING_BATCH_SIZE
  // The first answer fixes the length; a server that later changes it would mix incomparable vectors.
  let knownLength = dimensions

  const fail = (message: string, cause?: unknown) => {
    const safe = apiKey ? message.replaceAll(apiKey, '[redacted]') : message
    return new EmbeddingError(`Embedding server ${server} (model ${modelName}): ${safe}`, { cause })
  }

  async function embedBatch(texts: string[]): Promise<Float32Array[]> {
    let response: OpenAI.CreateEmbeddingResponse
    try {
      response = await client.embeddings.create({
        model: modelName!,
        input: texts,
        // Without it the SDK asks for base64, which Ollama and TEI do not speak.
        encoding_format: 'float',
        ...(dimensions ? { dimensions } : {}),
      })
    } catch (error) {
      throw fail(describeFailure(error), error)
    }
    const vectors = readVectors(response, texts.length, knownLength)
    if (typeof vectors === 'string') throw fail(vectors)
    knownLength = vectors[0]?.length ?? knownLength
    return vectors
  }

  return {
    model: dimensions ? `openai:${modelName}@${dimensions}` : `openai:${modelName}`,
    // Modern embedding models put unrelated texts near cosine 0.1, far below averaged word vectors.
    baselineSimilarity: 0.1,
    async embed(texts, kind) {
      const input = texts.map((text) => prefixes[kind] + text)
      const vectors: Float32Array[] = []
      for (let start = 0; start < input.length; start += batchSize) {
        vectors.push(...(await embedBatch(input.slice(start, start + batchSize))))
      }
      return vectors
    },
  }
}

/** The server's address without any credentials written into it. */
/** The vectors in input order, each of length 1, or what is wrong with the answer. */
function readVectors(response: unknown, expected: number, knownLength: number | undefined): Float32Array[] | string {
  const data = response && typeof response === 'object' && 'data' in response ? response.data : undefined
  if (!Array.isArray(data)) return 'sent a malformed answer (no "data" list of embeddings)'
  if (data.length !== expected) return `sent ${data.length} embeddings for ${expected} texts`
  const vectors: Float32Array[] = new Array(expected)
  for (const [position, item] of data.entries()) {
    // Servers may answer out of order; `index` is the only promise about which text a vector is for.
    const index = item && typeof item === 'object' && 'index' in item ? item.index : position
    const values = item && typeof item === 'object' && 'embedding' in item ? item.embedding : undefined
    if (!Number.isInteger(index) || index < 0 || index >= expected || vectors[index]) {
      return `sent a malformed answer (embedding index ${JSON.stringify(index)} is missing, repeated or out of range)`
    }
    if (
      !Array.isArray(values) ||
      values.length === 0 ||
      !values.every((value) => typeof value === 'number' && Number.isFinite(value))
    ) {
      return `sent a malformed answer (embedding ${index} is not a list of finite numbers)`
    }
    const length = knownLength ?? vectors.find(Boolean)?.length ?? values.length
    if (values.length !== length)
      return `sent a ${values.length}-dimensional embedding where ${length} dimensions were expected`
    vectors[index] = normalize(Float32Array.from(values))
  }
  return vectors
}
