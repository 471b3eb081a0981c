import { DEFAULT_TIME_ZONE } from '#shared/time-zones'
import { browserTimeZone } from '~/utils/time-zone-hint'

import { currentUser } from './auth.server'

/** Where the zone times are shown in comes from: the profile, the browser, or neither (UTC). */
export type TimeZoneSource = 'profile' | 'browser' | 'default'

export type TimeZoneChoice = { name: string; source: TimeZoneSource }

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
