import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { createOnnxEmbeddingProvider } from '../../api/ai/embeddings/onnx'
import type { EmbeddingProvider } from '../../api/ai/embeddings/provider'
import { loadApiConfig } from '../../api/kernel/config'
import { TINY_DIMENSIONS, TINY_VOCABULARY, writeTinyModel } from '../fixtures/onnx/make-tiny-model'
import { embeddingError } from './support/embedding-error'

let root: string
let modelFolder: string
const providers: EmbeddingProvider[] = []

function provider(env: Record<string, string> = {}) {
  const config = loadApiConfig({
    JWT_SECRET: 'x'.repeat(32),
    EMBEDDING_PROVIDER: 'onnx',
    EMBEDDING_MODEL_DIR: modelFolder,
    ...env,
  })
  const created = createOnnxEmbeddingProvider(config)
  providers.push(created)
  return created
}

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * b[index]!, 0)

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'onnx-embeddings-'))
  // A space in the name: real folders have them, and Hub-style model names do not allow them.
  modelFolder = path.join(root, 'tiny model')
  writeTinyModel(modelFolder)
})

afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

beforeEach(() => {
  // Any attempt to reach the network fails the test that makes it.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('network access in a test'))
})

afterEach(async () => {
  expect(globalThis.fetch).not.toHaveBeenCalled()
  vi.restoreAllMocks()
  await Promise.all(providers.splice(0).map((created) => created.close?.()))
})

describe('the onnx embedding provider', () => {
  it('loads a model from its folder without the network and embeds texts into unit vectors', async () => {
    const onnx = provider()
    expect(onnx.model).toBe('onnx:tiny model')

    const vectors = await onnx.embed(['Revenue growth', 'cash and debt'], 'passage')
    expect(vectors).toHaveLength(2)
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array)
      expect(vector).toHaveLength(TINY_DIMENSIONS)
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5)
    }
  })

  it('puts texts that share words closer than texts that share none', async () => {
    const [growth, margin, cash] = await provider().embed(['revenue growth', 'revenue margin', 'cash debt'], 'passage')
    expect(cosine(growth!, margin!)).toBeCloseTo(0.5, 5)
    expect(cosine(growth!, cash!)).toBeCloseTo(0, 5)
  })

  it('embeds in batches of EMBEDDING_BATCH_SIZE with the same vectors as one text at a time', async () => {
    const texts = ['revenue', 'profit margin growth', 'cash', 'debt lawyer revenue profit', 'growth']
    const batched = await provider({ EMBEDDING_BATCH_SIZE: '2' }).embed(texts, 'passage')
    const single = provider({ EMBEDDING_BATCH_SIZE: '1' })
    for (const [index, text] of texts.entries()) {
      const [alone] = await single.embed([text], 'passage')
      // Padding in a batch must not leak into a shorter text's mean.
      expect(Array.from(batched[index]!)).toEqual(Array.from(alone!).map((value) => expect.closeTo(value, 5)))
    }
  })

  it('prefixes texts by kind with EMBEDDING_QUERY_PREFIX and EMBEDDING_PASSAGE_PREFIX', async () => {
    const onnx = provider({ EMBEDDING_QUERY_PREFIX: 'query: ', EMBEDDING_PASSAGE_PREFIX: 'passage: ' })
    const [query] = await onnx.embed(['cash'], 'query')
    const [passage] = await onnx.embed(['cash'], 'passage')
    const axis = (word: (typeof TINY_VOCABULARY)[number]) => TINY_VOCABULARY.indexOf(word)
    expect(query![axis('query')]).toBeGreaterThan(0)
    expect(query![axis('passage')]).toBe(0)
    expect(passage![axis('passage')]).toBeGreaterThan(0)
    expect(passage![axis('query')]).toBe(0)
  })

  it('answers an empty list without loading the model', async () => {
    const missing = provider({ EMBEDDING_MODEL_DIR: path.join(root, 'never-created') })
    expect(await missing.embed([], 'query')).toEqual([])
  })

  it('fails with an EmbeddingError naming a folder that does not exist', async () => {
    const folder = path.join(root, 'no-such-model')
    const error = await embeddingError(provider({ EMBEDDING_MODEL_DIR: folder }).embed(['cash'], 'query'))
    expect(error.message).toContain(folder)
    expect(error.message).toMatch(/does not exist/)
  })

  it('fails with an EmbeddingError naming the folder and the files it lacks', async () => {
    const folder = path.join(root, 'tokenizer-only')
    mkdirSync(folder)
    writeFileSync(path.join(folder, 'tokenizer.json'), '{}')
    const error = await embeddingError(provider({ EMBEDDING_MODEL_DIR: folder }).embed(['cash'], 'query'))
    expect(error.message).toContain(folder)
    expect(error.message).toContain('onnx/model.onnx')
    expect(error.message).toContain('config.json')
    expect(error.message).not.toContain('tokenizer.json,')
  })

  it('fails with an EmbeddingError naming the folder when the model file is broken', async () => {
    const folder = path.join(root, 'broken')
    writeTinyModel(folder)
    writeFileSync(path.join(folder, 'onnx', 'model.onnx'), 'not a model')
    const error = await embeddingError(provider({ EMBEDDING_MODEL_DIR: folder }).embed(['cash'], 'query'))
    expect(error.message).toContain(folder)
  })
})
