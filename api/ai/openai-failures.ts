import OpenAI from 'openai'
import { errors } from 'undici'

/** An OpenAI-compatible server's refusal: its status and its JSON body's `error`, or the body itself. */
export class ModelServerStatusError extends Error {
  name = 'ModelServerStatusError'
  constructor(
    readonly status: number,
    readonly error: unknown,
  ) {
    super(`HTTP ${status}`)
  }
}

/** An error the server sent as an event in the middle of its stream. */
export class ModelStreamError extends Error {
  name = 'ModelStreamError'
  constructor(readonly error: unknown) {
    super('error event in the stream')
  }
}

/** A server's address for messages, without credentials that may be in its URL. */
export function describeServer(baseURL: string) {
  const url = new URL(baseURL)
  url.username = ''
  url.password = ''
  return url.toString().replace(/\/$/, '')
}

/** What went wrong with a call to an OpenAI-compatible server, in words for a log or an operator. */
export function describeFailure(error: unknown): string {
  if (
    error instanceof OpenAI.APIConnectionTimeoutError ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError
  )
    return 'no answer in time (request timed out)'
  if (error instanceof ModelServerStatusError) return answeredHttp(error.status, error.error)
  if (error instanceof ModelStreamError) return `sent an error in its stream: ${errorDetail(error.error)}`
  // undici's own request fails with the socket's error (ECONNREFUSED, UND_ERR_SOCKET...), unwrapped.
  if (error instanceof errors.UndiciError || systemCode(error)) return `could not be reached (${errorCode(error)})`
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause instanceof Error ? (error.cause.cause ?? error.cause) : undefined
    const code = cause && typeof cause === 'object' && 'code' in cause ? ` (${String(cause.code)})` : ''
    return `could not be reached${code}`
  }
  if (error instanceof OpenAI.APIError && error.status) return answeredHttp(error.status, error.error)
  // The SDK throws a SyntaxError when a 2xx body claims to be JSON and is not.
  if (error instanceof SyntaxError) return `sent a malformed answer (not JSON): ${error.message.slice(0, 200)}`
  return `request failed: ${error instanceof Error ? error.message : String(error)}`
}

function answeredHttp(status: number, body: unknown) {
  const detail = errorDetail(body)
  return `answered HTTP ${status}${detail ? `: ${detail}` : ''}`
}

const systemCode = (error: unknown) => error instanceof Error && 'syscall' in error && 'code' in error
const errorCode = (error: unknown) => String((error as { code?: unknown }).code ?? (error as Error).message)

function errorDetail(body: unknown): string {
  const message = body && typeof body === 'object' && 'message' in body ? body.message : body
  if (message === undefined || message === null || message === '') return ''
  const text = typeof message === 'string' ? message : JSON.stringify(message)
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
