import type { Context } from 'hono'

/**
 * Sets a header on the answer a handler has made. Hono's `c.header` after `next()` remakes the
 * answer around its body as a stream, once per header: a page's API call and the page itself were
 * each made four times over and sent as streams instead of the strings they were (5–6% of the
 * dashboard's CPU, issue 49). An answer made with `new
 * Response` has headers of its own to change; only one whose headers are immutable (a redirect of
 * `Response.redirect`, a fetched answer) is remade, as Hono would.
 */
export function setHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value)
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    c.header(name, value)
  }
}
