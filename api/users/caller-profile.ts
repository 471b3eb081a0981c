import { createMiddleware } from 'hono/factory'

import { CALLER_PROFILE_HEADER, CALLER_PROFILE_MAX_CHARS } from '../auth/contract'
import { callerMemberships } from '../auth/membership'
import type { AppEnv } from '../kernel/hono-env'
import { setHeader } from '../kernel/response-headers'
import type { OwnProfilePayload } from './contract'
import { getMe } from './service'

/**
 * Gives a call that asked for it (CALLER_PROFILE_HEADER) the caller's profile beside its answer: a
 * page's one call then also gives its frame the caller, instead of a second call to GET /api/me/
 * (issue 49, decision 079). Only a 2xx answer of a call whose caller was resolved carries it, made
 * from what requireCaller found (no statement of its own); anything else leaves the web tier to ask
 * GET /api/me/.
 */
export const carryCallerProfile = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.req.header(CALLER_PROFILE_HEADER) !== '1' || !c.res.ok) return
  const user = c.get('user') as AppEnv['Variables']['user'] | undefined
  if (!user) return
  const answered = c.get('ownProfile')
  const profile =
    answered ??
    (await getMe(c.get('deps'), user, callerMemberships(c, c.req.header('x-organization')), c.get('notices')))
  // In process the value itself: nothing to encode or to parse.
  const deliver = c.env?.deliverProfile
  if (deliver) return deliver(profile)
  if (answered) return
  const encoded = Buffer.from(JSON.stringify(profile)).toString('base64url')
  if (encoded.length <= CALLER_PROFILE_MAX_CHARS) setHeader(c, CALLER_PROFILE_HEADER, encoded)
})

declare module '../kernel/hono-env' {
  interface CallBindings {
    /** Set by the in-process web server: takes the profile as it is, nothing encoded. */
    deliverProfile?: (profile: OwnProfilePayload) => void
  }
  interface CallVariables {
    /** Set by GET /api/me/, whose body is the profile: not sent a second time as a header. */
    ownProfile: OwnProfilePayload | undefined
  }
}
