import { useRouteLoaderData } from '@remix-run/react'
import { useMemo } from 'react'

import { DEFAULT_TIME_ZONE } from '#shared/time-zones'
import { formatDate, formatDateTime } from '~/utils/format'
import type { TimeZoneChoice } from '~/utils/time-zone-choice'

/** What the root and the signed-in frame's loaders say of the zone (root.tsx, routes/_app.tsx). */
type ZoneData = { timeZone: TimeZoneChoice }

/** The zone this page shows times in: the signed-in frame's choice, else the browser's. */
export function useTimeZone() {
  const app = useRouteLoaderData<ZoneData>('routes/_app')
  const root = useRouteLoaderData<ZoneData>('root')
  return app?.timeZone ?? root?.timeZone ?? { name: DEFAULT_TIME_ZONE, source: 'default' as const }
}

/** Date formatters bound to the page's zone, the same on the server and in the browser. */
export function useDates() {
  const { name } = useTimeZone()
  return useMemo(
    () => ({
      formatDate: (iso: string | null | undefined) => formatDate(iso, name),
      formatDateTime: (iso: string | null | undefined) => formatDateTime(iso, name),
    }),
    [name],
  )
}
