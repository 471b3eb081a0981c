/** Where a visitor goes after sign-in when they came from nowhere in particular (or from somewhere unsafe). */
export const DEFAULT_REDIRECT = '/dashboard'

// Any origin will do: a target is judged by whether it stays on the origin it is resolved against.
const PROBE_ORIGIN = 'http://app.invalid'

// Every return path we hand out is built from a parsed URL, so it is printable ASCII (anything else is
// percent-encoded). Outside that range lie the tricks: browsers drop tabs and newlines from URLs (so
// `/\t/evil.example` becomes `//evil.example`), read `\` as `/`, fold `。` into `.`, and CR/LF or
// non-Latin-1 characters in a Location header make the response itself fail.
const PRINTABLE_ASCII_WITHOUT_BACKSLASH = /^[\x21-\x5b\x5d-\x7e]*$/

/**
 * `to` when it is a path on this site, otherwise `fallback`. Judged the way a browser will read it:
 * resolved against an origin, it must stay there and must not start with `//` (a host to the next
 * reader that resolves it).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT): string {
  if (typeof to !== 'string' || !to.startsWith('/') || !PRINTABLE_ASCII_WITHOUT_BACKSLASH.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, PROBE_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/** The page a request was for, as a path to come back to: Remix's `_data` parameter is not part of it. */
export function returnPath(request: Request): string {
  const url = new URL(request.url)
  // Only when present: deleting re-serialises the whole query.
  if (url.searchParams.has('_data')) url.searchParams.delete('_data')
  return `${url.pathname}${url.search}`
}

/** The sign-in page that sends the visitor back to where `request` was going. */
export const signInPath = (request: Request) => `/login?redirectTo=${encodeURIComponent(returnPath(request))}`
