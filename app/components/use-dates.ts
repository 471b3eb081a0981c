import { useRouteLoaderData } from '@remix-run/react'
import { useMemo } from 'react'

import { DEFAULT_TIME_ZONE } from '#shared/time-zones'
import type { loader as rootLoader } from '~/root'
import type { loader as appLoader } from '~/routes/_app'
import { formatDate, formatDateTime } from '~/utils/format'

/** The zone this page shows times in: the signed-in frame's choice, else the browser's. */
export function useTimeZone() {
  const app = useRouteLoaderData<typeof appLoader>('routes/_app')
  const root = useRouteLoaderData<typeof rootLoader>('root')
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
