import { createMiddleware } from 'hono/factory'

import type { AppEnv } from './hono-env'
import { HttpError } from './http-error'

/** C0 and C1 control characters: never part of a slug, an id, a search or a header we read. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
/** The same in a header value, where a tab is ordinary whitespace. */
const HEADER_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

const refuse = (detail: string) => new HttpError(400, { detail })

/** A percent-encoded piece of the address, decoded; null when the encoding or its UTF-8 is broken. */
function decodePiece(piece: string) {
  try {
    return decodeURIComponent(piece)
  } catch {
    return null
  }
}

/**
 * Refuses, with 400 and a message, a request whose address or headers carry bytes no valid request
 * has: NUL and other control characters, broken percent-encoding, invalid UTF-8. They would otherwise
 * reach the database as a slug or a search (PostgreSQL cannot store NUL and answers an error, which
 * was a 500) or be matched against stored values byte by byte.
 */
export const requestSanity = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url)
  for (const segment of url.pathname.split('/')) {
    const decoded = decodePiece(segment)
    if (decoded === null) throw refuse('The request address is not valid: broken percent-encoding or invalid UTF-8.')
    if (CONTROL.test(decoded)) throw refuse('The request address contains control characters.')
  }
  for (const pair of url.search.slice(1).split('&')) {
    const decoded = decodePiece(pair.replace(/\+/g, ' '))
    if (decoded === null) throw refuse('The query string is not valid: broken percent-encoding or invalid UTF-8.')
    if (CONTROL.test(decoded)) throw refuse('The query string contains control characters.')
  }
  for (const [name, value] of c.req.raw.headers) {
    if (HEADER_CONTROL.test(value)) throw refuse(`The ${name} header contains control characters.`)
    // Header values arrive as Latin-1, one character per byte; anything past ASCII must be UTF-8.
    if (/[^\u0000-\u007f]/.test(value) && !isUtf8(value)) throw refuse(`The ${name} header is not valid UTF-8.`)
  }
  await next()
})

function isUtf8(latin1: string) {
  if (/[^\u0000-\u00ff]/.test(latin1)) return false
  try {
    strictUtf8.decode(Buffer.from(latin1, 'latin1'))
    return true
  } catch {
    return false
  }
}
