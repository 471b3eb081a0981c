import { Link } from '@remix-run/react'

import type { TimeZoneChoice } from '~/utils/time-zone-choice'

/** Which zone times are read in and why; away from the profile, with the way to change it. */
export function TimeZoneHelp({ name, source, onProfile = false }: TimeZoneChoice & { onProfile?: boolean }) {
  const change = onProfile ? null : (
    <>
      {' '}
      You can choose another in <Link to="/profile#time-zone">your profile</Link>.
    </>
  )
  if (source === 'profile')
    return (
      <>
        Times are in {name}, the time zone set in your profile.{change}
      </>
    )
  if (source === 'browser')
    return (
      <>
        Times are in {name}, your browser&apos;s time zone.{change}
      </>
    )
  return <>Times are in UTC: your browser has not told its time zone (it does when JavaScript runs).{change}</>
}
