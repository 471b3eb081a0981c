import type { Cookie } from '@remix-run/node'

// A few hundred browsers signed in at once per web process; what a browser sends next is one of them.
const MOST_KEPT = 500

/**
 * The cookie with the values it has read kept, by the whole Cookie header they came in. Remix checks
 * a signed cookie's signature with WebCrypto and decodes it a character at a time (a regular
 * expression for each): the session cookie, which carries the backend's tokens, cost 3% of a
 * signed-in page's CPU to read on every request (issue 49). A header read before gives the same
 * value again (none, where the cookie is absent or its signature failed), since the secrets do not
 * change while the server runs; a header never read is read in full. Each read gets a value of its
 * own to change.
 */
export function keptCookie(cookie: Cookie): Cookie {
  const kept = new Map<string, string>()
  return {
    get name() {
      return cookie.name
    },
    get isSigned() {
      return cookie.isSigned
    },
    get expires() {
      return cookie.expires
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(cookieHeader, options) {
      if (!cookieHeader || options) return cookie.parse(cookieHeader, options)
      const known = kept.get(cookieHeader)
      if (known !== undefined) {
        // The most recently read are the last to go.
        kept.delete(cookieHeader)
        kept.set(cookieHeader, known)
        return JSON.parse(known)
      }
      const value: unknown = await cookie.parse(cookieHeader)
      kept.set(cookieHeader, JSON.stringify(value))
      if (kept.size > MOST_KEPT) kept.delete(kept.keys().next().value!)
      return value
    },
  }
}
