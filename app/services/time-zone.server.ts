import { DEFAULT_TIME_ZONE } from '#shared/time-zones'
import type { TimeZoneChoice } from '~/utils/time-zone-choice'
import { browserTimeZone } from '~/utils/time-zone-hint'

import { currentUser } from './auth.server'

/** The zone a visitor who is not signed in sees times in. */
export function visitorTimeZone(request: Request): TimeZoneChoice {
  const browser = browserTimeZone(request)
  return browser ? { name: browser, source: 'browser' } : { name: DEFAULT_TIME_ZONE, source: 'default' }
}

/** The zone the signed-in user sees times in and types them in. */
export async function userTimeZone(request: Request): Promise<TimeZoneChoice> {
  const me = await currentUser(request)
  return me.time_zone ? { name: me.time_zone, source: 'profile' } : visitorTimeZone(request)
}
