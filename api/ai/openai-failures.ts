import OpenAI from 'openai'

/** A server's address for messages, without credentials that may be in its URL. */
export function describeServer(baseURL: string) {
  const url = new URL(baseURL)
  url.username = ''
  url.password = ''
  return url.toString().replace(/\/$/, '')
}

/** What went wrong with a call to an OpenAI-compatible server, in words for a log or an operator. */
export function describeFailure(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'no answer in time (request timed out)'
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause instanceof Error ? (error.cause.cause ?? error.cause) : undefined
    const code = cause && typeof cause === 'object' && 'code' in cause ? ` (${String(cause.code)})` : ''
    return `could not be reached${code}`
  }
  if (error instanceof OpenAI.APIError && error.status) {
    const detail = errorDetail(error.error)
    return `answered HTTP ${error.status}${detail ? `: ${detail}` : ''}`
  }
  // The SDK throws a SyntaxError when a 2xx body claims to be JSON and is not.
  if (error instanceof SyntaxError) return `sent a malformed answer (not JSON): ${error.message.slice(0, 200)}`
  return `request failed: ${error instanceof Error ? error.message : String(error)}`
}

function errorDetail(body: unknown): string {
  const message = body && typeof body === 'object' && 'message' in body ? body.message : body
  if (message === undefined || message === null || message === '') return ''
  const text = typeof message === 'string' ? message : JSON.stringify(message)
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
