import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createOpenAiEmbeddingProvider } from '../../api/ai/embeddings/openai'
import { loadApiConfig } from '../../api/kernel/config'
import { embeddingError } from './support/embedding-error'

const API_KEY = 'sk-test-5f1e9a0c-secret'

interface EmbeddingRequest {
  path: string
  headers: IncomingHttpHeaders
  body: { model: string; input: string[]; dimensions?: number; encoding_format?: string }
}

type Handler = (request: EmbeddingRequest, response: ServerResponse) => void

let server: Server
let baseUrl: string
let requests: EmbeddingRequest[]
let handler: Handler

/** A vector that tells which text it was made for: [text length, 2, 0, ...] before normalizing. */
const vectorFor = (text: string, dimensions = 4) => [text.length, 2, ...new Array(dimensions - 2).fill(0)]

/** Answers like OpenAI, but lists the embeddings in reverse so order must come from `index`. */
const answerEmbeddings: Handler = (request, response) => {
  const data = request.body.input.map((text, index) => ({
    object: 'embedding',
    index,
    embedding: vectorFor(text, request.body.dimensions ?? 4),
  }))
  sendJson(response, 200, {
    object: 'list',
    model: request.body.model,
    data: data.reverse(),
    usage: { prompt_tokens: 1, total_tokens: 1 },
  })
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

function provider(env: Record<string, string> = {}) {
  const config = loadApiConfig({
    JWT_SECRET: 'x'.repeat(32),
    EMBEDDING_PROVIDER: 'openai',
    EMBEDDING_BASE_URL: `${baseUrl}/v1`,
    EMBEDDING_API_KEY: API_KEY,
    EMBEDDING_MODEL: 'test-embed',
    ...env,
  })
  return createOpenAiEmbeddingProvider(config, { timeoutMs: 2_000 })
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (raw += chunk))
    request.on('end', () => {
      const recorded = { path: request.url ?? '', headers: request.headers, body: JSON.parse(raw || '{}') }
      requests.push(recorded)
      handler(recorded, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  requests = []
  handler = answerEmbeddings
})

describe('the openai embedding provider', () => {
  it('sends texts in batches of EMBEDDING_BATCH_SIZE and keeps their order', async () => {
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee']
    const vectors = await provider({ EMBEDDING_BATCH_SIZE: '2' }).embed(texts, 'passage')

    expect(requests.map((request) => request.body.input)).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']])
    expect(requests.every((request) => request.path === '/v1/embeddings')).toBe(true)
    expect(requests[0]!.body).toMatchObject({ model: 'test-embed', encoding_format: 'float' })
    // Each vector is [text length, 2, 0, 0] scaled, so its first two values name its text.
    expect(vectors.map((vector) => Math.round((2 * vector[0]!) / vector[1]!))).toEqual([1, 2, 3, 4, 5])
  })

  it('returns unit vectors', async () => {
    const vectors = await provider().embed(['revenue grew', 'costs fell'], 'passage')
    for (const vector of vectors) {
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5)
    }
  })

  it('answers an empty list without calling the server', async () => {
    expect(await provider().embed([], 'query')).toEqual([])
    expect(requests).toHaveLength(0)
  })

  it('sends the API key as a bearer token', async () => {
    await provider().embed(['x'], 'query')
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`)
  })

  it('passes dimensions only when EMBEDDING_DIMENSIONS is set and names them in the model', async () => {
    const plain = provider()
    await plain.embed(['x'], 'query')
    expect(requests[0]!.body).not.toHaveProperty('dimensions')
    expect(plain.model).toBe('openai:test-embed')

    const shortened = provider({ EMBEDDING_DIMENSIONS: '3' })
    const [vector] = await shortened.embed(['x'], 'query')
    expect(requests[1]!.body.dimensions).toBe(3)
    expect(vector).toHaveLength(3)
    expect(shortened.model).toBe('openai:test-embed@3')
  })

  it('prefixes texts by kind with EMBEDDING_QUERY_PREFIX and EMBEDDING_PASSAGE_PREFIX', async () => {
    const prefixed = provider({ EMBEDDING_QUERY_PREFIX: 'query: ', EMBEDDING_PASSAGE_PREFIX: 'passage: ' })
    await prefixed.embed(['what was EBITDA?'], 'query')
    await prefixed.embed(['EBITDA was 4.2m'], 'passage')
    expect(requests.map((request) => request.body.input)).toEqual([
      ['query: what was EBITDA?'],
      ['passage: EBITDA was 4.2m'],
    ])
  })

  it('reports a server error with the server and status, after bounded retries', async () => {
    handler = (_request, response) =>
      sendJson(response, 500, { error: { message: 'model crashed' } }, { 'retry-after-ms': '0' })
    const error = await embeddingError(provider().embed(['x'], 'query'))
    expect(error.message).toContain(`${baseUrl}/v1`)
    expect(error.message).toContain('HTTP 500')
    expect(error.message).toContain('model crashed')
    expect(requests).toHaveLength(3)
  })

  it('reports a refused key without repeating the key', async () => {
    handler = (request, response) =>
      sendJson(response, 401, { error: { message: `Incorrect API key provided: ${request.headers.authorization}` } })
    const error = await embeddingError(provider().embed(['x'], 'query'))
    expect(error.message).toContain('HTTP 401')
    expect(error.message).toContain('Incorrect API key')
    expect(error.message).not.toContain(API_KEY)
    expect(requests).toHaveLength(1)
  })

  it('reports an answer that is not JSON', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"data": [')
    }
    const error = await embeddingError(provider().embed(['x'], 'query'))
    expect(error.message).toMatch(/malformed answer/)
    expect(error.message).toContain(baseUrl)
  })

  it('reports an answer without a data list', async () => {
    handler = (_request, response) => sendJson(response, 200, { object: 'list' })
    const error = await embeddingError(provider().embed(['x'], 'query'))
    expect(error.message).toMatch(/no "data" list/)
  })

  it('reports an answer with the wrong number of embeddings', async () => {
    handler = (request, response) =>
      sendJson(response, 200, { data: [{ index: 0, embedding: vectorFor(request.body.input[0]!) }] })
    const error = await embeddingError(provider().embed(['x', 'y'], 'passage'))
    expect(error.message).toContain('sent 1 embeddings for 2 texts')
  })

  it('reports embeddings of different lengths or with values that are not numbers', async () => {
    handler = (_request, response) =>
      sendJson(response, 200, {
        data: [
          { index: 0, embedding: [1, 2, 3] },
          { index: 1, embedding: [1, 2] },
        ],
      })
    expect((await embeddingError(provider().embed(['x', 'y'], 'passage'))).message).toMatch(
      /2-dimensional embedding where 3/,
    )

    handler = (_request, response) => sendJson(response, 200, { data: [{ index: 0, embedding: [1, 'NaN'] }] })
    expect((await embeddingError(provider().embed(['x'], 'passage'))).message).toMatch(/not a list of finite numbers/)
  })

  it('reports a server that cannot be reached', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))

    const config = loadApiConfig({
      JWT_SECRET: 'x'.repeat(32),
      EMBEDDING_PROVIDER: 'openai',
      EMBEDDING_BASE_URL: `http://127.0.0.1:${port}/v1`,
      EMBEDDING_MODEL: 'test-embed',
    })
    const error = await embeddingError(createOpenAiEmbeddingProvider(config, { maxRetries: 0 }).embed(['x'], 'query'))
    expect(error.message).toContain(`http://127.0.0.1:${port}/v1`)
    expect(error.message).toMatch(/could not be reached/)
  })
})
