import type { ApiConfig } from '../../kernel/config'
import type { EmbeddingProvider } from './provider'
import { createWordVectorProvider } from './word-vectors'

/** The provider the settings name (README: EMBEDDING_*). Models load on first use, not here. */
export async function createEmbeddingProvider(config: ApiConfig): Promise<EmbeddingProvider> {
  switch (config.EMBEDDING_PROVIDER) {
    case 'openai': {
      const { createOpenAiEmbeddingProvider } = await import('./openai')
      return createOpenAiEmbeddingProvider(config)
    }
    case 'onnx': {
      const { createOnnxEmbeddingProvider } = await import('./onnx')
      return createOnnxEmbeddingProvider(config)
    }
    default:
      return createWordVectorProvider(config.WORD_VECTORS_CACHE)
  }
}
