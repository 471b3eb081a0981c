import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'

import { JSON_TEXT, type KeptJsonText } from '../../shared/json-text'
import type { AppEnv } from './hono-env'

/**
 * In process, a JSON answer keeps its text beside its body, and the web tier parses that text.
 * Read as a body, the light answer of @hono/node-server became an undici Response with a stream to
 * read back: 2% of a page of documents' CPU (issue 49). The body is still that text, so whatever
 * reads it, or an answer a middleware remade without the text, reads what it always did. Made as
 * Hono's own `c.json` makes it: its text, and `Content-Type: application/json` unless given.
 */
export const keepJsonText = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env?.keepsJsonText) c.json = jsonKeepingText(c)
  await next()
})

function jsonKeepingText(c: Context<AppEnv>) {
  return ((object: unknown, arg?: unknown, headers?: object) => {
    const text = JSON.stringify(object)
    const response: KeptJsonText = c.body(
      text,
      arg as never,
      { 'Content-Type': 'application/json', ...headers } as never,
    )
    response[JSON_TEXT] = text
    return response
  }) as Context<AppEnv>['json']
}

declare module './hono-env' {
  interface CallBindings {
    /** Set by the in-process web server, which reads a JSON answer's text where keepJsonText kept it. */
    keepsJsonText?: true
  }
}
