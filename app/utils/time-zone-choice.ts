/** Where the zone times are shown in comes from: the profile, the browser, or neither (UTC). */
export type TimeZoneSource = 'profile' | 'browser' | 'default'

export type TimeZoneChoice = { name: string; source: TimeZoneSource }
