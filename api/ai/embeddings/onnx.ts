import { existsSync, statSync } from 'node:fs'
import path from 'node:path'

import type { FeatureExtractionPipeline } from '@huggingface/transformers'

import type { ApiConfig } from '../../kernel/config'
import { EmbeddingError, type EmbeddingKind, type EmbeddingProvider, normalize } from './provider'

/** What transformers.js reads from a sentence-embedding folder in the Hugging Face layout. */
const REQUIRED_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']

/** A local sentence-embedding model (EMBEDDING_MODEL_DIR), run on the CPU; never downloads anything. */
export function createOnnxEmbeddingProvider(config: ApiConfig): EmbeddingProvider {
  if (!config.EMBEDDING_MODEL_DIR) throw new EmbeddingError('The onnx embedding provider needs EMBEDDING_MODEL_DIR')
  const folder = path.resolve(config.EMBEDDING_MODEL_DIR)
  const prefixes: Record<EmbeddingKind, string> = {
    query: config.EMBEDDING_QUERY_PREFIX,
    passage: config.EMBEDDING_PASSAGE_PREFIX,
  }
  const batchSize = config.EMBEDDING_BATCH_SIZE
  let loading: Promise<FeatureExtractionPipeline> | undefined

  function extractor() {
    loading ??= loadPipeline(folder).catch((error: unknown) => {
      // Forget the failure so a folder fixed while the server runs is picked up on the next call.
      loading = undefined
      throw error
    })
    return loading
  }

  return {
    model: `onnx:${path.basename(folder)}`,
    // Sentence-embedding models put unrelated texts near cosine 0.1, far below averaged word vectors.
    baselineSimilarity: 0.1,
    async embed(texts, kind) {
      if (texts.length === 0) return []
      const run = await extractor()
      const vectors: Float32Array[] = []
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize).map((text) => prefixes[kind] + text)
        // Pooled here, normalized by us: the library's normalize turns a text of unknown tokens into NaNs.
        const output = await run(batch, { pooling: 'mean', normalize: false })
        const [rows, dimensions] = output.dims as [number, number]
        const data = output.data as Float32Array
        for (let row = 0; row < rows; row++)
          vectors.push(normalize(data.slice(row * dimensions, (row + 1) * dimensions)))
        output.dispose()
      }
      return vectors
    },
    async warm() {
      await extractor()
    },
    async close() {
      const pending = loading
      loading = undefined
      await pending?.then((run) => run.dispose()).catch(() => undefined)
    },
  }
}

async function loadPipeline(folder: string): Promise<FeatureExtractionPipeline> {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new EmbeddingError(`EMBEDDING_MODEL_DIR ${folder} does not exist or is not a folder`)
  }
  const missing = REQUIRED_FILES.filter((file) => !existsSync(path.join(folder, file)))
  if (missing.length) {
    throw new EmbeddingError(
      `The embedding model folder ${folder} lacks ${missing.join(', ')} ` +
        '(expected the Hugging Face layout with an ONNX export)',
    )
  }
  const { env, pipeline } = await import('@huggingface/transformers').catch((error: unknown) => {
    // The image leaves the ONNX runtimes out unless it is built with LOCAL_MODELS=true (Dockerfile).
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error
    throw new EmbeddingError(
      'EMBEDDING_PROVIDER=onnx needs the package @huggingface/transformers, which this installation ' +
        'leaves out: build the image with --build-arg LOCAL_MODELS=true, or run npm ci.',
      { cause: error },
    )
  })
  env.allowRemoteModels = false
  env.allowLocalModels = true
  // The file cache is consulted before the folder, so a stale entry under the same name would win.
  env.useFSCache = false
  try {
    // By absolute path, not localModelPath + name: the library treats a name that is not Hub-style
    // (a space, `--`) as relative to the working directory.
    return await pipeline('feature-extraction', folder, { local_files_only: true, device: 'cpu', dtype: 'fp32' })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new EmbeddingError(`Could not load the embedding model in ${folder}: ${reason}`, { cause: error })
  }
}
