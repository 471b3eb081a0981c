import { getHintUtils } from '@epic-web/client-hints'
import { clientHint } from '@epic-web/client-hints/time-zone'

import { canonicalTimeZone } from '#shared/time-zones'

// With JavaScript the browser's zone is kept in a cookie, so the server renders times in it. The check
// script reloads the page once when the cookie is missing or stale; a browser in UTC has no reason to.
const hints = getHintUtils({ timeZone: clientHint })

/** The page's inline script that keeps the cookie current. */
export const timeZoneCheckScript = hints.getClientHintCheckScript()

/**
 * The style sheets the check script adds to hide the page while it reloads with the cookie set
 * ("html { visibility: hidden !important; }"): the page's policy allows them by their hashes.
 */
export const checkScriptStyles = [...timeZoneCheckScript.matchAll(/\.textContent\s*=\s*'([^']*)'/g)].map(
  (match) => match[1]!,
)

/** The zone the browser last reported; null before it has, and always without JavaScript. */
export function browserTimeZone(request: Request) {
  if (!request.headers.get('Cookie')?.includes(`${clientHint.cookieName}=`)) return null
  return canonicalTimeZone(hints.getHints(request).timeZone)
}
